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
