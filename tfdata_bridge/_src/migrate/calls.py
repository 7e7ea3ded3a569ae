"""Small helpers over libcst call nodes: TensorFlow API paths, argument binding, literal values."""

from __future__ import annotations

import collections
import weakref
from collections.abc import Callable, Container, Iterable, Mapping
from contextlib import ExitStack

from typing import TypeVar

import libcst as cst
from libcst.helpers import get_full_name_for_node
from libcst.metadata import (ExpressionContext, ExpressionContextProvider, MetadataWrapper, ParentNodeProvider,
                             QualifiedName, QualifiedNameProvider, QualifiedNameSource, ScopeProvider)
from libcst.metadata.expression_context_provider import ExpressionContextVisitor
from libcst.metadata.name_provider import QualifiedNameVisitor
from libcst.metadata.parent_node_provider import ParentNodeVisitor
from libcst.metadata.scope_provider import ScopeVisitor
from libcst.metadata import scope_provider as _scope_provider

from tfdata_bridge._src.migrate.walk import Visitor, child_fields, children, is_kind, is_node, preorder
from tfdata_bridge._src.symbols import SIGNATURES

# modules under ``tensorflow.python`` that old code imported directly -> the public ``tf.compat.v1`` prefix
# of what they define (``from tensorflow.python.training import input as tf_input``: ``tf_input.batch``)
PRIVATE_MODULES: dict[str, str] = {
    "tensorflow.python.training.input.": "train.",
    "tensorflow.python.training.queue_runner_impl.": "train.",
    "tensorflow.python.training.queue_runner.": "train.",
    "tensorflow.python.training.coordinator.": "train.",
    "tensorflow.python.training.supervisor.": "train.",
    "tensorflow.python.training.monitored_session.": "train.",
    "tensorflow.python.ops.io_ops.": "",
    "tensorflow.python.ops.parsing_ops.": "",
    "tensorflow.python.ops.data_flow_ops.": "",
    "tensorflow.python.ops.script_ops.": "",
    "tensorflow.python.ops.array_ops.": "",
    "tensorflow.python.ops.math_ops.": "",
    "tensorflow.python.framework.dtypes.": "",
}


class Refusal(Exception):
    """A pipeline that cannot be rewritten with the same meaning; the message says why."""


def imported_roots(module: cst.Module) -> frozenset[str]:
    """Every name an import binds anywhere in ``module`` (``tf`` for ``import tensorflow.compat.v1 as tf``,
    ``tensorflow`` for ``import tensorflow.compat.v1``): no other name has a qualified name through an import.
    Only statements are looked at (an import is one), not the expressions that make most of a module."""
    found: set[str] = set()
    todo: list = list(module.body)
    while todo:
        node = todo.pop()
        if isinstance(node, (cst.Import, cst.ImportFrom)) and not isinstance(node.names, cst.ImportStar):
            for alias in node.names:
                if alias.asname is not None and isinstance(alias.asname.name, cst.Name):
                    found.add(alias.asname.name.value)
                else:
                    found.add((get_full_name_for_node(alias.name) or "").split(".")[0])
        elif isinstance(node, (cst.SimpleStatementLine, cst.SimpleStatementSuite)):
            todo += node.body
        elif not isinstance(node, (cst.BaseSmallStatement, cst.BaseExpression)):
            for field in ("body", "orelse", "handlers", "finalbody", "cases"):  # the blocks of a compound
                inner = getattr(node, field, None)
                if isinstance(inner, (tuple, list)):
                    todo += inner
                elif isinstance(inner, cst.CSTNode):
                    todo.append(inner)
    return frozenset(found)


def import_rooted(node: cst.CSTNode, roots: Container[str]) -> bool:
    """Whether ``node``'s dotted name starts with one of ``roots`` (``imported_roots``): libcst looks a
    qualified name up by that first name, and asking it for any other costs a look at every binding of it."""
    full = get_full_name_for_node(node)
    return full is not None and full.split(".", 1)[0] in roots


def tf_path(visitor: cst.MetadataDependent, node: cst.CSTNode, roots: Container[str] | None = None) -> str | None:
    """``"train.batch"`` when ``node`` names ``tensorflow[.compat.v1].train.batch`` through an import, or through
    a module-level alias of a TensorFlow module (``v1 = tf.compat.v1``; the visitor's ``tf_aliases``).
    ``roots``: the module's ``imported_roots``; a node rooted elsewhere (and not at an alias) is not looked up
    (the same answer, without libcst's look at every binding of a name assigned many times)."""
    aliases_ = getattr(visitor, "tf_aliases", None) or {}
    if roots is not None and not import_rooted(node, roots) and not import_rooted(node, aliases_):
        return None
    for q in visitor.get_metadata(QualifiedNameProvider, node, set()):
        name = q.name
        if q.source is not QualifiedNameSource.IMPORT:
            head = name.split(".", 1)[0]
            if head not in aliases_:  # a function's local of that name reads ``f.<locals>.v1``: no alias
                continue
            name = aliases_[head] + name[len(head):]
        q = QualifiedName(name, QualifiedNameSource.IMPORT)
        for private, public in PRIVATE_MODULES.items():
            if q.name.startswith(private):
                return public + q.name[len(private):]
        for prefix in ("tensorflow.compat.v1.", "tensorflow."):
            if q.name.startswith(prefix):
                return q.name[len(prefix):]
    return None


def module_aliases(module: cst.Module) -> dict[str, str]:
    """``{"v1": "tensorflow.compat.v1"}`` for ``v1 = tf.compat.v1`` (or ``= tf``) assigned once at module level,
    where ``tf`` is an import of ``tensorflow``: code written for TF2 that keeps TF1 calls spells them so."""
    imported: dict[str, str] = {}
    assigned: dict[str, list[cst.BaseExpression]] = {}
    for stmt in module.body:
        if not (isinstance(stmt, cst.SimpleStatementLine) and len(stmt.body) == 1):
            continue
        small = stmt.body[0]
        if isinstance(small, cst.Import):
            for alias in small.names:
                name = dotted(alias.name)
                if alias.asname is not None and isinstance(alias.asname.name, cst.Name):
                    imported[alias.asname.name.value] = name
                elif "." not in name:
                    imported[name] = name
        elif isinstance(small, cst.ImportFrom) and small.module is not None and not small.relative \
                and not isinstance(small.names, cst.ImportStar):
            for alias in small.names:
                bound = alias.asname.name.value if alias.asname and isinstance(alias.asname.name, cst.Name) \
                    else dotted(alias.name)
                imported[bound] = f"{dotted(small.module)}.{dotted(alias.name)}"
        elif isinstance(small, (cst.Assign, cst.AnnAssign, cst.AugAssign)):
            targets = [t.target for t in small.targets] if isinstance(small, cst.Assign) else [small.target]
            for t in targets:
                if isinstance(t, cst.Name):
                    assigned.setdefault(t.value, []).append(small.value)
    out: dict[str, str] = {}
    for name, values in assigned.items():
        if len(values) != 1 or name in imported or not isinstance(values[0], (cst.Name, cst.Attribute)):
            continue
        path = dotted(values[0])
        head, _, rest = path.partition(".")
        full = imported.get(head, "") + (f".{rest}" if rest else "")
        if full in ("tensorflow", "tensorflow.compat.v1"):
            out[name] = full
    return out


def v1_prefix(module: cst.Module) -> str | None:
    """How the module spells ``tensorflow.compat.v1`` through a module-level import, if it does."""
    for stmt in module.body:
        if not (isinstance(stmt, cst.SimpleStatementLine) and len(stmt.body) == 1):
            continue
        imp = stmt.body[0]
        if isinstance(imp, cst.Import):
            for alias in imp.names:
                name = dotted(alias.name)
                bound = alias.asname.name.value if alias.asname and isinstance(alias.asname.name, cst.Name) else None
                if name == "tensorflow.compat.v1":
                    return bound or name
                if name == "tensorflow":
                    return f"{bound or name}.compat.v1"
        elif isinstance(imp, cst.ImportFrom) and imp.module is not None and not imp.relative \
                and dotted(imp.module) in ("tensorflow.compat", "tensorflow") \
                and not isinstance(imp.names, cst.ImportStar):
            for alias in imp.names:  # ``from tensorflow.compat import v1``, ``from tensorflow import compat``
                bound = alias.asname.name.value if alias.asname and isinstance(alias.asname.name, cst.Name) \
                    else dotted(alias.name)
                if f"{dotted(imp.module)}.{dotted(alias.name)}" == "tensorflow.compat.v1":
                    return bound
                if f"{dotted(imp.module)}.{dotted(alias.name)}" == "tensorflow.compat":
                    return f"{bound}.v1"
    return None


def v1_spelling(module: cst.Module, taken: Iterable[str]) -> tuple[str, str | None]:
    """How code written into ``module`` spells ``tensorflow.compat.v1``, and the alias to import for it (None
    where the module imports one already, ``v1_prefix``). A module importing only names of TensorFlow (``from
    tensorflow.compat.v1 import train``, ``from tensorflow.compat.v1.train import batch``) is given ``import
    tensorflow.compat.v1 as tf``, or, where ``tf`` is a name of the module (``taken``: every identifier in it,
    of any scope), as the first of ``tf1``, ``tf_v1``, ``tf1_2``, ... that is none. Both the rewrite of the
    module's own pipelines and a batch helper turned there for another module's callers (``foreign_batch.py``)
    ask it, so they agree; ``to_tfdata._run`` adds the import where the rewritten module reads the alias."""
    prefix = v1_prefix(module)
    if prefix is not None:
        return prefix, None
    taken = set(taken)
    for name in ("tf", "tf1", "tf_v1"):
        if name not in taken:
            return name, name
    name = namer(taken)("tf1")
    return name, name


def dotted(expr: cst.BaseExpression) -> str:
    """``a.b.c`` for a chain of attributes on a name; "" for anything else (a call, a subscript, ...)."""
    if isinstance(expr, cst.Name):
        return expr.value
    if isinstance(expr, cst.Attribute):
        inner = dotted(expr.value)
        return f"{inner}.{expr.attr.value}" if inner else ""
    return ""



def top_imports(module: cst.Module) -> dict[str, str]:
    """``{bound name: what it imports}`` of the module's top-level imports (``import a.b`` binds ``a``; ``import a.b
    as c`` binds ``c`` to ``a.b``; ``from a import b as c`` binds ``c`` to ``a.b``; relative and star imports left)."""
    out: dict[str, str] = {}
    for stmt in module.body:
        for small in (stmt.body if isinstance(stmt, cst.SimpleStatementLine) else ()):
            if isinstance(small, cst.Import):
                for alias in small.names:
                    name = dotted(alias.name)
                    if alias.asname is not None and isinstance(alias.asname.name, cst.Name):
                        out[alias.asname.name.value] = name
                    else:
                        out[name.split(".")[0]] = name.split(".")[0]
            elif isinstance(small, cst.ImportFrom) and small.module is not None and not small.relative \
                    and not isinstance(small.names, cst.ImportStar):
                for alias in small.names:
                    bound = alias.asname.name.value if alias.asname and isinstance(alias.asname.name, cst.Name) \
                        else dotted(alias.name)
                    out[bound] = f"{dotted(small.module)}.{dotted(alias.name)}"
    return out

def aliases(path: str) -> set[str]:
    """The spellings of one legacy function under ``tf.compat.v1`` (``io.`` and ``data.`` twins)."""
    short = path.rsplit(".", 1)[-1]
    return {path, short, f"io.{short}", f"train.{short}", f"queue.{short}", f"compat.v1.{path}"}  # tf.queue.FIFOQueue


def plain_arg(call: cst.Call, position: int, name: str) -> cst.BaseExpression | None:
    """What ``call`` hands the parameter ``name`` at ``position``: its one positional or keyword argument; None
    where it hands none, hands it twice, or has a ``*args`` / ``**kwargs``."""
    given = [a.value for i, a in enumerate(call.args) if a.keyword is None and i == position and not a.star
             or a.keyword is not None and a.keyword.value == name]
    return given[0] if len(given) == 1 and not any(a.star for a in call.args) else None


def bind(call: cst.Call, api: str) -> dict[str, cst.BaseExpression]:
    """The call's arguments by parameter name; ``*args`` / ``**kwargs`` are refused."""
    params = SIGNATURES[api]
    bound: dict[str, cst.BaseExpression] = {}
    for i, arg in enumerate(call.args):
        if arg.star:
            raise Refusal(f"`{api}` is called with *args or **kwargs")
        if arg.keyword is None:
            if i >= len(params):
                raise Refusal(f"`{api}` has more positional arguments than it takes")
            bound[params[i]] = arg.value
        else:
            bound[arg.keyword.value] = arg.value
    return bound


def plain_read(call: cst.Call) -> cst.Call:
    """A reader's ``read`` / ``read_up_to`` call (``reader.read(queue=q, name="r")``, ``reader.read_up_to(q,
    num_records=n)``) with its arguments bound by the method's signature and written again as positions, the
    queue first (then ``read_up_to``'s count), its op's ``name`` dropped: the rewrite makes no reader op, so the
    name names nothing. The call as it is where it binds no queue (``*args``, an unknown keyword, too many
    positions), so the recognisers' own checks still refuse it; any other call as it is."""
    func = call.func
    if not isinstance(func, cst.Attribute) or func.attr.value not in ("read", "read_up_to") or \
            all(a.keyword is None and not a.star for a in call.args) and \
            len(call.args) <= (1 if func.attr.value == "read" else 2):
        return call
    params = SIGNATURES[f"ReaderBase.{func.attr.value}"]
    try:
        bound = bind_params(call, params, func.attr.value)
    except Refusal:
        return call
    if "queue" not in bound or any(k not in params for k in bound) or \
            func.attr.value == "read_up_to" and "num_records" not in bound:
        return call
    kept = [p for p in params if p != "name" and p in bound]
    return call.with_changes(args=[cst.Arg(bound[p]) for p in kept])


def bind_params(call: cst.Call, params: tuple[str, ...], what: str) -> dict[str, cst.BaseExpression]:
    """``call``'s arguments by the names ``params`` give its positions (a queue's or a thread's constructor,
    a method the program defines); ``*args`` / ``**kwargs`` and extra positions are refused."""
    out: dict[str, cst.BaseExpression] = {}
    for i, arg in enumerate(call.args):
        if arg.star or (arg.keyword is None and i >= len(params)):
            raise Refusal(f"`{what}` is called with arguments the rewrite does not know")
        out[params[i] if arg.keyword is None else arg.keyword.value] = arg.value
    return out


def literal_bool(node: cst.BaseExpression | None, default: bool, what: str) -> bool:
    if node is None:
        return default
    if isinstance(node, cst.Name) and node.value in ("True", "False"):
        return node.value == "True"
    raise Refusal(f"{what} is not a literal True or False, so the rewrite cannot know which chain it means")


def is_none(node: cst.BaseExpression | None) -> bool:
    return node is None or (isinstance(node, cst.Name) and node.value == "None")


def last_name(func: cst.BaseExpression) -> str:
    """The name a call is made by: ``read`` of ``reader.read``, ``batch`` of ``batch``; ``""`` for anything else
    (a subscript, a call)."""
    return func.attr.value if isinstance(func, cst.Attribute) else func.value if isinstance(func, cst.Name) else ""


def is_docstring(stmt: cst.CSTNode) -> bool:
    """Whether ``stmt`` is a string alone on its line (a docstring where it opens a body)."""
    small = stmt.body[0] if isinstance(stmt, cst.SimpleStatementLine) and len(stmt.body) == 1 else None
    return isinstance(small, cst.Expr) and isinstance(small.value, (cst.SimpleString, cst.ConcatenatedString))

def params_without(fn: cst.FunctionDef, param: cst.Param) -> cst.Parameters:
    """``fn``'s parameters less ``param`` (positional or keyword-only); the comma after the last one left goes
    where nothing follows it (``def f(a, reader):`` -> ``def f(a):``)."""
    keep = [p for p in fn.params.params if p is not param]
    kwonly = [p for p in fn.params.kwonly_params if p is not param]
    if keep and not kwonly and fn.params.star_arg is cst.MaybeSentinel.DEFAULT and \
            not isinstance(fn.params.star_kwarg, cst.Param):
        keep[-1] = keep[-1].with_changes(comma=cst.MaybeSentinel.DEFAULT)
    return fn.params.with_changes(params=keep, kwonly_params=kwonly)


def names_in(node: cst.CSTNode) -> set[str]:
    """Identifiers read or written in ``node`` (attribute names and keyword names excluded)."""
    return set(name_counts(node))


def bound_names(*nodes: cst.CSTNode) -> set[str]:
    """Every name the ``nodes`` bind or change, nested blocks included: the identifiers of assignment targets
    (plain, augmented, annotated; ``self.x = ...`` counts ``self``), ``for`` and comprehension targets, ``with`` /
    ``except ... as`` names, ``def`` and ``class`` names, imports. Wider than Python's own bindings on purpose:
    its callers refuse a rewrite where a name they move is in it."""
    out: set[str] = set()
    for node in nodes:
        for t in nodes_of(node, cst.AssignTarget):
            out |= names_in(t.target)
        for kind in (cst.AugAssign, cst.AnnAssign, cst.For, cst.CompFor):
            for t in nodes_of(node, kind):
                out |= names_in(t.target)
        for t in nodes_of(node, cst.AsName):
            out |= names_in(t.name)
        for t in [*nodes_of(node, cst.FunctionDef), *nodes_of(node, cst.ClassDef)]:
            out.add(t.name.value)
        for t in nodes_of(node, cst.ImportAlias):
            out.add((t.evaluated_alias or t.evaluated_name).split(".")[0])
    return out


def param_names(fn: cst.FunctionDef) -> set[str]:
    """The names of all of ``fn``'s parameters (``*args`` and ``**kwargs`` included)."""
    p = fn.params
    named = [*p.posonly_params, *p.params, *p.kwonly_params, *(s for s in (p.star_arg, p.star_kwarg)
                                                               if isinstance(s, cst.Param))]
    return {x.name.value for x in named}


def name_counts(node: cst.CSTNode) -> collections.Counter[str]:
    """How often each identifier appears in ``node`` (attribute names and keyword names are not identifiers)."""
    return collections.Counter(n.value for n in identifiers(node))


def identifiers(node: cst.CSTNode) -> list[cst.Name]:
    """The names in ``node`` that are variables (not attribute or keyword names), in order: a walk of the nodes
    (``walk.py``; a visitor rebuilt every node it passed) that enters only an attribute's value and an argument's
    value."""
    found: list[cst.Name] = []
    stack = [node]
    while stack:
        current = stack.pop()
        kind = type(current)
        if kind is cst.Name:
            found.append(current)
        elif kind is cst.Attribute or kind is cst.Arg:
            stack.append(current.value)
        else:
            kids = children(current)
            kids.reverse()
            stack.extend(kids)
    return found


N = TypeVar("N", bound=cst.CSTNode)


_FOUND: dict[tuple[int, type], tuple[cst.CSTNode, tuple]] = {}  # (id(node), kind) -> (node, what nodes_of found)
_KEPT = 1024  # the last searches kept: a rewrite asks the same function or module for its calls or names again
_WALKED: dict[int, tuple[cst.CSTNode, tuple]] = {}  # id(node) -> (node, every node under it, in preorder)
_WALKS_KEPT = 256  # (a module's walk is a list of all its nodes: fewer of them)


def nodes_of(node: cst.CSTNode, kind: type[N]) -> list[N]:
    """Every node of type ``kind`` in ``node`` (itself included), in source order (a new list each call; the
    search is kept for the last nodes asked, as libcst's nodes never change: the entry holds ``node``, so its
    id is not reused while it is kept). The walk itself is kept apart from the kind: a rewrite asks one
    function or module for its calls, then its names, then its assignments, and filtering a kept list of
    the nodes costs a small part of walking them again (a fifth of a rewrite's CPU was these walks)."""
    key = (id(node), kind)
    kept = _FOUND.get(key)
    if kept is not None and kept[0] is node:
        return list(kept[1])
    walked = _WALKED.get(key[0])
    if walked is None or walked[0] is not node:
        walked = (node, tuple(preorder(node)))
        keep(_WALKED, key[0], walked, _WALKS_KEPT)
    found: list[N] = [n for n in walked[1] if is_kind(n, kind)]
    keep(_FOUND, key, (node, tuple(found)), _KEPT)
    return found


class _Wrapper(MetadataWrapper):
    """A ``MetadataWrapper`` whose batched visit of providers that only act at the module (``visit_Module`` /
    ``leave_Module``, as libcst's scope, qualified-name, expression-context and parent providers all do: each
    walks the module with a visitor of its own there) calls those methods on the module and stops, where
    libcst's ``visit_batched`` went on through every node of the module, rebuilding each and calling no method:
    a fifth of a rewrite's CPU, spent on nothing. Providers with methods for other nodes, or a call with
    ``before_visit`` / ``after_leave`` hooks, are visited by libcst as before. The same methods run in the same
    order on the same module, so the metadata is the same (``test_migrate_walk.py`` compares them)."""

    def visit_batched(self, visitors: Iterable[cst.BatchableCSTVisitor], before_visit=None, after_leave=None
                      ) -> cst.CSTNode:
        visitors = list(visitors)
        methods = [_visitor_methods(v) for v in visitors]
        if before_visit is not None or after_leave is not None or \
                any(set(m) - {"visit_Module", "leave_Module"} for m in methods):
            return super().visit_batched(visitors, before_visit, after_leave)
        with ExitStack() as stack:
            for v in visitors:
                stack.enter_context(v.resolve(self))
            for name in ("visit_Module", "leave_Module"):
                for v, m in zip(visitors, methods):
                    if name in m:
                        unrebuilt = _UNREBUILT_MODULE_VISITS.get(type(v)) if name == "visit_Module" else None
                        if unrebuilt is not None:
                            unrebuilt(v, self.module)
                        else:
                            m[name](self.module)
        return self.module


_ASSIGNMENT_LIKE = getattr(_scope_provider, "_ASSIGNMENT_LIKE_NODES", None)  # (``_ScopeVisitor``)


class _Unrebuilt(cst.CSTVisitor):
    """Put before one of libcst's own metadata visitors (``ScopeVisitor``, ...): ``node.visit(self)`` visits the
    same nodes in the same order and calls the same methods (``on_visit``, the ``visit_<Class>_<field>`` /
    ``leave_<Class>_<field>`` hooks around each child field, ``on_leave``), but no node is rebuilt: this
    ``on_visit`` visits the children itself, field by field in libcst's order (``walk.child_fields``), and answers
    False, so libcst's ``visit`` skips its ``_visit_and_replace_children`` (which made a new node of every node it
    passed, the visitors' results unused). The nested ``child.visit(self)`` calls the visitors make themselves
    (a scope's ``node.body.visit(self)``) come back here too. Where a class's fields cannot be read, libcst's way.
    The scope, qualified-name, expression-context and parent providers' walks were about a quarter of a rewrite's
    CPU, most of it in those rebuilds."""

    def on_visit(self, node: cst.CSTNode) -> bool:
        if not super().on_visit(node):
            return False
        fields = _field_hooks(type(self), type(node))
        if fields is None:
            return True
        for name, enter, leave in fields:
            if enter is not None:
                enter(self, node)
            value = getattr(node, name)
            if type(value) is tuple or type(value) is list:
                for item in value:
                    if is_node(item):
                        item.visit(self)
            elif is_node(value):
                value.visit(self)
            if leave is not None:
                leave(self, node)
        return False


_FIELD_HOOKS: dict[tuple[type, type], tuple | None] = {}  # (visitor class, node class) -> its fields and hooks


def _field_hooks(visitor: type, node: type) -> tuple | None:
    """``node``'s child fields in libcst's visiting order, each with ``visitor``'s ``visit_<Class>_<field>`` and
    ``leave_<Class>_<field>`` methods (None where it has none), as ``CSTVisitor.on_visit_attribute`` /
    ``on_leave_attribute`` find them; None where the fields cannot be read."""
    key = (visitor, node)
    if key in _FIELD_HOOKS:
        return _FIELD_HOOKS[key]
    order = child_fields(node)
    hooks = None if order is None else tuple(
        (name, getattr(visitor, f"visit_{node.__name__}_{name}", None),
         getattr(visitor, f"leave_{node.__name__}_{name}", None)) for name in order)
    _FIELD_HOOKS[key] = hooks
    return hooks


class _ScopeVisitor(_Unrebuilt, ScopeVisitor):
    if _ASSIGNMENT_LIKE is not None and getattr(ScopeVisitor.on_leave, "__code__", None) is not None and \
            ScopeVisitor.on_leave.__code__.co_names == (
                "provider", "set_metadata", "scope", "isinstance", "_ASSIGNMENT_LIKE_NODES", "_assignment_count",
                "super", "on_leave"):
        def on_leave(self, original_node: cst.CSTNode) -> None:
            # (``ScopeVisitor.on_leave`` with its ``isinstance(node, _ASSIGNMENT_LIKE_NODES)`` asked once per node
            # class: a tuple of abstract classes, each asked in turn at every node, was a few percent of a rewrite;
            # taken only where libcst's method reads as this one, by its names: another libcst keeps its own)
            self.provider.set_metadata(original_node, self.scope)
            if is_kind(original_node, _ASSIGNMENT_LIKE):
                self.scope._assignment_count += 1
            cst.CSTVisitor.on_leave(self, original_node)


class _ExpressionContextVisitor(_Unrebuilt, ExpressionContextVisitor):
    pass


class _ParentNodeVisitor(_Unrebuilt, ParentNodeVisitor):
    def on_leave(self, original_node: cst.CSTNode) -> None:
        # (``ParentNodeVisitor.on_leave`` less its ``original_node.children``: libcst collects those by rebuilding
        # the node; ``children`` reads the same nodes in the same order from the fields)
        for child in children(original_node):
            self.provider.set_metadata(child, original_node)
        cst.CSTVisitor.on_leave(self, original_node)


def _qualified_names(provider: QualifiedNameProvider, module: cst.Module) -> None:
    """libcst's ``QualifiedNameVisitor`` acts in its ``on_visit`` alone, the same at every node (it has no other
    method): called on each node of the module's walk, without a visit's calls around it."""
    on_visit = QualifiedNameVisitor(provider).on_visit
    for node in preorder(module):
        on_visit(node)


def _scopes(provider: ScopeProvider, module: cst.Module) -> None:
    visitor = _ScopeVisitor(provider)
    module.visit(visitor)
    visitor.infer_accesses()


# provider class -> its ``visit_Module`` with the visitor above (each is the body of libcst's own ``visit_Module``)
_UNREBUILT_MODULE_VISITS: dict[type, Callable[[cst.BatchableCSTVisitor, cst.Module], None]] = {
    ScopeProvider: _scopes,
    ExpressionContextProvider: lambda p, module: module.visit(_ExpressionContextVisitor(p, ExpressionContext.LOAD)),
    QualifiedNameProvider: _qualified_names,
    ParentNodeProvider: lambda p, module: module.visit(_ParentNodeVisitor(p)),
}


def _visitor_methods(visitor: cst.BatchableCSTVisitor) -> dict[str, Callable]:
    """``visitor.get_visitors()``: the names found once per class (libcst's ``inspect.getmembers`` walk of the
    object was a few percent of a rewrite), the methods bound to ``visitor``."""
    kind = type(visitor)
    names = _METHOD_NAMES.get(kind)
    if names is None:
        names = _METHOD_NAMES[kind] = tuple(visitor.get_visitors())
    return {name: getattr(visitor, name) for name in names}


_METHOD_NAMES: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()  # visitor class -> its visit_/leave_ names


_WRAPPED: dict[int, tuple[cst.Module, MetadataWrapper]] = {}  # id(module) -> (module, its metadata wrapper)
_WRAPPERS_KEPT = 64


def wrapped(module: cst.Module) -> MetadataWrapper:
    """The metadata wrapper of ``module`` itself (no copy: the nodes stay the module's), shared by every pass that
    asks: a tree's rewrite surveys the same module object several times (its trials, its plumbing, the modules
    that import it), and each new wrapper resolved scopes, positions and names again; one wrapper resolves each
    provider once (libcst's nodes never change). Kept for the last modules asked; the entry holds ``module``, so
    its id is not reused while it is kept."""
    kept = _WRAPPED.get(id(module))
    if kept is not None and kept[0] is module:
        return kept[1]
    wrapper = _Wrapper(module, unsafe_skip_copy=True)
    keep(_WRAPPED, id(module), (module, wrapper), _WRAPPERS_KEPT)
    return wrapper


def without_import_lines(module: cst.Module) -> cst.Module:
    """``module`` less its top-level lines of imports only (what a check of the names the code itself uses reads)."""
    return module.with_changes(body=[s for s in module.body if not (isinstance(s, cst.SimpleStatementLine) and all(
        isinstance(b, (cst.Import, cst.ImportFrom)) for b in s.body))])


_CODE: dict[int, tuple[cst.Module, str]] = {}  # id(module) -> (module, its code)
_CODE_KEPT = 128


def code_of(module: cst.Module) -> str:
    """``module.code``, made once per module object while it is kept (the last modules asked): a rewrite asks the
    same module's text again and again (each pass's quick test of it, the line maps between a trial and the
    module it came from), and each ``.code`` generated the whole text anew. libcst's nodes never change, so the
    text of one module object is the same each time; the entry holds ``module``, so its id is not reused while it
    is kept."""
    kept = _CODE.get(id(module))
    if kept is not None and kept[0] is module:
        return kept[1]
    text = module.code
    keep(_CODE, id(module), (module, text), _CODE_KEPT)
    return text


_PARSED: dict[str, cst.Module] = {}  # text -> its parse
_PARSED_KEPT = 64


def parsed(text: str) -> cst.Module:
    """``cst.parse_module(text)``, the same module object for the same text while it is kept (the last texts
    asked): a tree's rewrite reads each module's result again after it is written (the divisions tf.data runs,
    the functions other modules' datasets run, the pipelines left), and one module object lets ``wrapped``
    resolve its metadata once for them all. libcst's nodes never change, so a shared parse is as good as a
    fresh one. A text that does not parse raises ``libcst.ParserSyntaxError`` each time, as before."""
    kept = _PARSED.get(text)
    if kept is not None:
        return kept
    module = cst.parse_module(text)
    keep(_PARSED, text, module, _PARSED_KEPT)
    keep(_CODE, id(module), (module, text), _CODE_KEPT)  # (libcst gives a parse's text back exactly)
    return module


def fresh_name(name: str, taken: set[str]) -> str:
    """``name_1``, ``name_2``, ... : the first not in ``taken``, which it joins (an inlined body's own names)."""
    k, fresh = 1, f"{name}_1"
    while fresh in taken:
        k += 1
        fresh = f"{name}_{k}"
    taken.add(fresh)
    return fresh


def free_name(name: str, taken: set[str]) -> str:
    """``name`` where it is not in ``taken``, else ``fresh_name``'s (``name_1``, ``name_2``, ...); it joins
    ``taken``."""
    if name in taken:
        return fresh_name(name, taken)
    taken.add(name)
    return name


def namer(taken: set[str]):
    """A maker of fresh names: ``base`` where it is free, else ``base_2``, ``base_3``, ... (the generator's names
    for the statements it writes); each name it gives joins ``taken``."""
    def fresh(base: str) -> str:
        name, i = base, 2
        while name in taken:
            name, i = f"{base}_{i}", i + 1
        taken.add(name)
        return name

    return fresh


def keep(cache: dict, key: object, value: object, most: int) -> None:
    """``cache[key] = value``, then the oldest entries dropped down to ``most``."""
    cache[key] = value
    while len(cache) > most:
        try:
            cache.pop(next(iter(cache)), None)
        except (RuntimeError, StopIteration):  # (another thread's rewrite changed it meanwhile)
            break


def enclosing(node: cst.CSTNode | None, parents: Mapping[cst.CSTNode, cst.CSTNode], kind: type[N]) -> N | None:
    """The nearest node of ``kind`` holding ``node`` (itself included), walking a ``ParentNodeProvider`` map."""
    while node is not None and not isinstance(node, kind):
        node = parents.get(node)
    return node


def one_name_value(stmt: cst.SimpleStatementLine | None, name: str) -> cst.BaseExpression | None:
    """The value of ``stmt`` when it is the single assignment ``name = value``; None otherwise."""
    if stmt is None or len(stmt.body) != 1 or not isinstance(stmt.body[0], cst.Assign):
        return None
    assign = stmt.body[0]
    if len(assign.targets) != 1 or not isinstance(assign.targets[0].target, cst.Name) or \
            assign.targets[0].target.value != name:
        return None
    return assign.value


class ArgsSwapped(cst.CSTTransformer):
    """Gives each call of ``calls`` (by identity, as the module holds it) the arguments of its new call."""

    def __init__(self, calls: dict[cst.Call, cst.Call]) -> None:
        super().__init__()
        self.calls = calls

    def leave_Call(self, original, updated):
        new = self.calls.get(original)
        return updated.with_changes(args=new.args) if new is not None else updated


def control_block_over(roots: Iterable[cst.CSTNode], stmt: cst.CSTNode) -> cst.With | None:
    """The ``with ...control_dependencies(...):`` block in ``roots`` whose body holds ``stmt`` (None: none). An op
    made there runs those dependencies each time it runs: a queue's enqueue op made so cannot simply go."""
    for root in roots:
        for block in nodes_of(root, cst.With):
            if any(isinstance(item.item, cst.Call) and last_name(item.item.func) == "control_dependencies"
                   for item in block.items) and \
                    any(s is stmt for s in nodes_of(block.body, type(stmt))):
                return block
    return None


def holder_of(stmts: list[cst.BaseStatement], target: cst.CSTNode) -> cst.SimpleStatementLine | None:
    """The simple statement line of ``stmts`` that holds the node ``target`` (by identity), or None."""
    for stmt in stmts:
        if isinstance(stmt, cst.SimpleStatementLine) and any(n is target for n in nodes_of(stmt, cst.CSTNode)):
            return stmt
    return None


# a tensor's graph-building metadata: reading it runs nothing (``inputs.set_shape(x.get_shape())``)
_STATIC = frozenset({"shape", "get_shape", "dtype", "set_shape"})


def static_read(holder: cst.CSTNode, ref: cst.CSTNode) -> bool:
    """``ref`` (a node under ``holder``) is read for its static shape or dtype (``x.shape``, ``x.get_shape()``,
    ``x.dtype``, ``x.set_shape``), not evaluated: no op of the tensor runs for it."""
    return any(a.value is ref and a.attr.value in _STATIC for a in nodes_of(holder, cst.Attribute))


def target_names(target: cst.BaseAssignTargetExpression) -> list[str] | None:
    """``["a", "b"]`` for ``a, b`` / ``[a, b]`` / ``a``; None for anything else (attributes, stars)."""
    if isinstance(target, cst.Name):
        return [target.value]
    if isinstance(target, (cst.Tuple, cst.List)):
        out = []
        for el in target.elements:
            if not isinstance(el, cst.Element) or not isinstance(el.value, cst.Name):
                return None
            out.append(el.value.value)
        return out
    return None


def name_ids(node: cst.CSTNode) -> set[int]:
    """The ids of every ``Name`` node under ``node`` (which uses a statement's names, by node identity)."""
    ids: set[int] = set()

    class _Names(Visitor):
        def visit_Name(self, n: cst.Name) -> None:
            ids.add(id(n))

    node.visit(_Names())
    return ids


def absolute_name(name: str, package: str) -> str:
    """``pkg.mod.f`` for ``.mod.f`` named in package ``pkg``; ``pkg`` for ``.`` (``from . import x``: the package
    itself, with no trailing dot)."""
    if not name.startswith("."):
        return name
    dots = len(name) - len(name.lstrip("."))
    base = package.split(".") if package else []
    base = base[: len(base) - (dots - 1)] if dots > 1 else base
    return ".".join([*base, name.lstrip(".")]).strip(".")


def attribute_made(stmt: cst.BaseStatement, me: str) -> tuple[str, cst.Call, str | None] | None:
    """``(A, the call, its callee's last name)`` for a statement ``me.A = f(...)`` alone on its line (``f`` a name
    or a chain: ``tf.TFRecordReader`` gives ``"TFRecordReader"``, anything else None)."""
    small = stmt.body[0] if isinstance(stmt, cst.SimpleStatementLine) and len(stmt.body) == 1 else None
    if not (isinstance(small, cst.Assign) and len(small.targets) == 1 and isinstance(small.value, cst.Call)):
        return None
    target, func = small.targets[0].target, small.value.func
    if not (isinstance(target, cst.Attribute) and isinstance(target.value, cst.Name) and target.value.value == me):
        return None
    last = func.attr.value if isinstance(func, cst.Attribute) else func.value if isinstance(func, cst.Name) else None
    return target.attr.value, small.value, last


def free_attribute(module: cst.Module, cls: cst.ClassDef, candidates: tuple[str, ...]) -> str:
    """The first of ``candidates`` that no attribute of the module and no name of the class uses, to hold what
    a rewrite puts on the class's objects; a ``Refusal`` naming them where all are taken."""
    used = {a.attr.value for a in nodes_of(module, cst.Attribute)} | names_in(cls)
    for name in candidates:
        if name not in used:
            return name
    raise Refusal(f"the class already uses {', '.join(f'`{n}`' for n in candidates[:-1])} and `{candidates[-1]}`")


def requeued_names(body, queue: str, call: cst.Call) -> list[str]:
    """The names ``call`` (an enqueue on ``queue``) reads that come from ``queue``'s own dequeue in ``body`` (a
    list of statements, or a node): bound by ``x = queue.dequeue...()`` or by an assignment reading such a name
    (``y = x + 1``), in any order; ``["queue.dequeue()"]`` where the enqueue takes the dequeue itself. A queue
    that feeds itself (round 40's retry rounds) is no dataset's order: the rewrites say so."""
    assigns = [a for stmt in (body if isinstance(body, list) else [body])
               for a in nodes_of(stmt, cst.Assign)]
    dequeues = (lambda node: any(isinstance(c.func, cst.Attribute) and isinstance(c.func.value, cst.Name) and
                                 c.func.value.value == queue and c.func.attr.value.startswith("dequeue")
                                 for c in nodes_of(node, cst.Call)))
    taken: set[str] = set()
    grown = True
    while grown:
        grown = False
        for a in assigns:
            if dequeues(a.value) or names_in(a.value) & taken:
                new = {n for t in a.targets for n in names_in(t.target)} - taken
                if new:
                    taken |= new
                    grown = True
    read = sorted(n for arg in call.args for n in names_in(arg.value) & taken)
    return read or ([f"{queue}.dequeue()"] if any(dequeues(arg.value) for arg in call.args) else [])


def module_functions(module: cst.Module) -> list[cst.FunctionDef]:
    """The module's functions and its classes' methods (not functions nested in functions)."""
    out: list[cst.FunctionDef] = []
    for stmt in module.body:
        if isinstance(stmt, cst.FunctionDef):
            out.append(stmt)
        elif isinstance(stmt, cst.ClassDef) and isinstance(stmt.body, cst.IndentedBlock):
            out += [s for s in stmt.body.body if isinstance(s, cst.FunctionDef)]
    return out
