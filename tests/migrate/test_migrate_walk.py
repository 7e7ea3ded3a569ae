"""``walk.preorder`` reads a libcst tree without a visitor: the same nodes, the same order, as libcst's visitor."""

import pathlib
import textwrap

import libcst as cst
import pytest

from tfdata_bridge._src.migrate import walk
from tfdata_bridge._src.migrate.calls import nodes_of

CORPUS = pathlib.Path(__file__).resolve().parents[1] / "migrate_corpus"

# every statement and expression form whose fields libcst visits in another order than it declares them
EVERY_FORM = textwrap.dedent('''
    """doc"""
    from __future__ import annotations
    import os.path as osp, sys
    from .pkg import (a as b, c)
    from . import *  # noqa

    @decorator(arg, key=1)
    @other
    async def f(p, /, q: int = 1, *args, r, s=2, **kw) -> "T":
        global g
        x: list[int] = [1, 2.0, 3j, *args]
        y = {**kw, "k": 1} if False else {k: v for k, v in kw.items() if k}
        z = (lambda u, *, w=1: u + w)(x[1:2:3], *args, **kw)
        async with a as (m, n), b:
            await m
        async for i in aiter():
            print(i, sep='')
        while (w := next(it)) is not None and not done or w in {1, 2}:
            continue
        else:
            pass
        try:
            raise ValueError("no") from None
        except (ValueError, KeyError) as e:
            del e
        else:
            assert x, f"{x!r:>{width}} {y=}"
        finally:
            return -x @ y ** 2 // 3
        def inner():
            nonlocal z
            z += 1
        return [i for i in range(3) for j in range(i) if i if j], (i for i in ()), {i for i in ()}

    class K(Base, metaclass=Meta):
        attr: int
        def m(self):
            match self.attr:
                case [1, *rest] | (2, 3) if rest:
                    pass
                case {"k": v, **others}:
                    pass
                case Point(x=0, y=_) as p:
                    pass
                case _:
                    pass
            return "a" "b", b"c", ...
''').lstrip()


class _Visited(cst.CSTVisitor):
    def __init__(self) -> None:
        self.nodes = []

    def on_visit(self, node: cst.CSTNode) -> bool:
        self.nodes.append(node)
        return True


def _visited(node: cst.CSTNode) -> list:
    seen = _Visited()
    node.visit(seen)
    return seen.nodes


def _sources() -> list[tuple[str, str]]:
    files = sorted(CORPUS.rglob("*.py"))[::4] + [pathlib.Path(walk.__file__)]
    return [("every form", EVERY_FORM)] + [(p.name, p.read_text()) for p in files]


def _same(a: list, b: list) -> bool:
    return len(a) == len(b) and all(x is y for x, y in zip(a, b))


@pytest.mark.parametrize("name, source", _sources(), ids=lambda v: v if len(v) < 60 else "")
def test_the_walk_gives_the_visitors_nodes_in_the_visitors_order(name, source):
    module = cst.parse_module(source)
    assert _same(list(walk.preorder(module)), _visited(module)), name
    for some in module.body[-1:]:  # a subtree, not only whole modules
        assert _same(list(walk.preorder(some)), _visited(some))


def test_every_class_met_reads_its_order_from_libcst_and_the_fallback_agrees(monkeypatch):
    module = cst.parse_module(EVERY_FORM)
    walked = list(walk.preorder(module))
    met = {type(n) for n in walked}
    assert all(walk._ORDER[c] is not None for c in met)  # none fell back here
    assert walk._ORDER[cst.Call][:2] == ("lpar", "func")  # the visiting order, not the dataclass's (func first)

    def unreadable(obj):
        raise OSError("no source")

    monkeypatch.setattr(walk, "_ORDER", {})
    monkeypatch.setattr(walk.inspect, "getsource", unreadable)
    assert _same(list(walk.preorder(module)), walked)  # libcst's visitor, one node at a time
    assert set(walk._ORDER.values()) == {None}


def test_nodes_of_finds_what_a_visitor_finds_in_source_order():
    module = cst.parse_module(EVERY_FORM)
    for kind in (cst.Name, cst.Call, cst.FunctionDef, cst.SimpleStatementLine, cst.CSTNode):
        expected = [n for n in _visited(module) if isinstance(n, kind)]
        assert _same(nodes_of(module, kind), expected), kind
    names = [n.name.value for n in nodes_of(module, cst.FunctionDef)]
    assert names == ["f", "inner", "m"]
    decorated = nodes_of(module, cst.FunctionDef)[0]
    assert [n.value for n in nodes_of(decorated, cst.Name)][:5] == ["decorator", "arg", "key", "other", "f"]


class _Events:
    """Records every ``visit_`` and ``leave_`` call of the node classes met, skipping the children of each
    ``Call`` whose function is ``skip``; reads a position from metadata at each ``Name``."""

    METADATA_DEPENDENCIES = (cst.metadata.PositionProvider,)

    def __init__(self) -> None:
        self.events = []

    def visit_Call(self, node):
        self.events.append(("visit", node))
        return not (isinstance(node.func, cst.Name) and node.func.value == "skip")

    def leave_Call(self, node):
        self.events.append(("leave", node))

    def visit_Name(self, node):
        self.events.append(("visit", node, self.get_metadata(cst.metadata.PositionProvider, node).start))

    def leave_FunctionDef(self, node):
        self.events.append(("leave", node))

    def visit_Module(self, node):
        self.events.append(("visit", node))

    def leave_Module(self, node):
        self.events.append(("leave", node))


class _Plain(_Events, cst.CSTVisitor):
    pass


class _Fast(_Events, walk.Visitor):
    pass


class _Nested(walk.Visitor):
    """A visit method visiting a part of its node itself, with the same visitor (what some passes do)."""

    def __init__(self) -> None:
        self.names = []

    def visit_Call(self, node):
        for arg in node.args:
            arg.value.visit(self)
        return False

    def visit_Name(self, node):
        self.names.append(node.value)


@pytest.mark.parametrize("name, source", _sources()[:6], ids=lambda v: v if len(v) < 60 else "")
def test_the_read_only_visitor_makes_the_calls_libcsts_visit_makes(name, source):
    source += "\nskip(hidden(1), name_inside)\nshown(skip(2), seen)\n"
    wrapper = cst.metadata.MetadataWrapper(cst.parse_module(source))
    plain, fast = _Plain(), _Fast()
    wrapper.visit(plain)
    wrapper.visit(fast)
    assert len(fast.events) == len(plain.events) > 10
    assert all(a[0] == b[0] and a[1] is b[1] and a[2:] == b[2:] for a, b in zip(fast.events, plain.events))
    assert "name_inside" not in [e[1].value for e in fast.events if isinstance(e[1], cst.Name)]
    fast.events.clear()
    wrapper.visit(fast)  # the same visitor object again
    assert len(fast.events) == len(plain.events)


def test_a_visitor_overriding_on_visit_or_visiting_from_inside_is_visited_as_libcst_does():
    class Stacked(walk.Visitor):
        def __init__(self):
            self.stack, self.deepest = [], 0

        def on_visit(self, node):
            self.stack.append(node)
            self.deepest = max(self.deepest, len(self.stack))
            return super().on_visit(node)

        def on_leave(self, node):
            self.stack.pop()
            super().on_leave(node)

    stacked = Stacked()
    cst.parse_module(EVERY_FORM).visit(stacked)
    assert stacked.stack == [] and stacked.deepest > 5
    nested = _Nested()
    cst.parse_module("f(a, g(b), c)\nh(d)\n").visit(nested)
    assert nested.names == ["a", "b", "c", "d"]


def _values(resolved) -> dict:
    """A provider's metadata with its lazy values computed (libcst resolves qualified names on demand)."""
    from libcst._metadata_dependent import LazyValue

    return {node: value() if isinstance(value, LazyValue) else value for node, value in resolved.items()}


def _scope_shape(resolved) -> dict:
    """Each scope met, by the node that opens it: its kind, its assignments and its accesses (by node)."""
    shape = {}
    for scope in {id(s): s for s in resolved.values() if s is not None}.values():
        key = id(getattr(scope, "node", None))
        shape[key] = (
            type(scope).__name__,
            sorted((a.name, id(getattr(a, "node", None))) for a in scope.assignments),
            sorted((id(acc.node), tuple(sorted(id(getattr(r, "node", None)) for r in acc.referents)))
                   for acc in scope.accesses),
        )
    return shape


@pytest.mark.parametrize("name, source", _sources()[:8], ids=lambda v: v if len(v) < 60 else "")
def test_the_wrapper_resolves_what_libcsts_wrapper_resolves(name, source):
    from libcst.metadata import (ExpressionContextProvider, MetadataWrapper, ParentNodeProvider, QualifiedNameProvider,
                                 ScopeProvider)

    from tfdata_bridge._src.migrate.calls import _Wrapper

    module = cst.parse_module(source)
    fast, plain = _Wrapper(module, unsafe_skip_copy=True), MetadataWrapper(module, unsafe_skip_copy=True)
    names = _values(fast.resolve(QualifiedNameProvider))
    assert names == _values(plain.resolve(QualifiedNameProvider)) and sum(map(bool, names.values())) > 5
    assert _values(fast.resolve(ExpressionContextProvider)) == _values(plain.resolve(ExpressionContextProvider))
    parents = fast.resolve(ParentNodeProvider)
    assert parents.keys() == plain.resolve(ParentNodeProvider).keys()
    assert all(parents[n] is plain.resolve(ParentNodeProvider)[n] for n in parents)
    assert _scope_shape(fast.resolve(ScopeProvider)) == _scope_shape(plain.resolve(ScopeProvider))


def test_a_provider_acting_at_other_nodes_is_visited_through_the_whole_module():
    from tfdata_bridge._src.migrate.calls import _Wrapper

    class Depth(cst.BatchableMetadataProvider):
        def __init__(self):
            super().__init__()
            self.depth = 0

        def visit_Call(self, node):
            self.depth += 1
            self.set_metadata(node, self.depth)

        def leave_Call(self, node):
            self.depth -= 1

    module = cst.parse_module("f(g(h(1)), k(2))\n")
    depths = _Wrapper(module, unsafe_skip_copy=True).resolve(Depth)
    assert sorted(depths.values()) == [1, 2, 2, 3]


def test_a_transformer_class_is_not_checked_against_each_local_visitor_class_and_those_classes_can_go():
    """libcst asks ``isinstance(transformer, CSTVisitor)`` at each node; for a transformer class it has not seen,
    ``ABCMeta`` would ask every subclass of ``CSTVisitor`` (each pass's local visitor classes among them) before
    answering no. ``Visitor`` answers by its bases, so none of its subclasses is asked; and a local visitor class
    is not held by the walk's lookups once the pass is over."""
    import gc
    import weakref

    asked: list[type] = []

    class Local(walk.Visitor):
        def visit_Name(self, node: cst.Name) -> None:
            pass

    class Counting(type(Local)):
        def __subclasscheck__(cls, subclass):
            asked.append(cls)
            return super().__subclasscheck__(subclass)

    Watched = Counting("Watched", (walk.Visitor,), {})
    cst.parse_module("a = b\n").visit(Local())

    class Swap(cst.CSTTransformer):  # a class no check has seen yet
        def leave_Name(self, original: cst.Name, updated: cst.Name) -> cst.Name:
            return updated.with_changes(value=updated.value.upper())

    assert cst.parse_module("a = b\n").visit(Swap()).code == "A = B\n"
    assert asked == []  # (before, ABCMeta asked ``Watched`` and ``Local``: each a subclass of ``Visitor``)
    assert issubclass(Local, walk.Visitor) and issubclass(Watched, walk.Visitor) and not issubclass(Swap, Local)
    assert isinstance(Local(), cst.CSTVisitor) and not isinstance(Swap(), cst.CSTVisitor)

    gone = weakref.ref(Local)
    del Local
    gc.collect()
    assert gone() is None
