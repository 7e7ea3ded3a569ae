"""A batch alone under a graph scope, its source made before the scope::

    features = self._extract_features()          # the reader, its queue and the decoding: outside the scope
    with tf.name_scope("ocr_batch"):
        return tf.train.batch(features, batch_size=16)

The recogniser looks for a batch's source in the batch's own block; here the ``with`` block holds nothing but the
batch. A ``with`` of ``name_scope`` / ``variable_scope`` items only (no ``as``), whose body is that one batch
statement, names the batch's ops and nothing else: the trial module without it (``unwrap_scoped_batches``) is
rewritten by ``to_tfdata.run``, which keeps it only where each unwrapped batch is rewritten (its queue and ops
gone, so no op name the scope gave is left to differ).
"""

from __future__ import annotations

import dataclasses
import re

import libcst as cst
from tfdata_bridge._src.migrate.calls import code_of
from tfdata_bridge._src.migrate.walk import Visitor

_SCOPES = {"name_scope", "variable_scope"}
_SCOPE_WITH = re.compile(r"\bwith\b[^\n]*_scope\(")


def _lone_batch(stmt: cst.With, paths, batches) -> cst.Call | None:
    """The batch call of ``stmt``'s one statement, where ``stmt`` is a scope around that statement alone."""
    if not isinstance(stmt.body, cst.IndentedBlock) or len(stmt.body.body) != 1 or stmt.asynchronous:
        return None
    if not all(i.asname is None and isinstance(i.item, cst.Call) and
               (paths.get(i.item) or "").rsplit(".", 1)[-1] in _SCOPES for i in stmt.items):
        return None
    inner = stmt.body.body[0]
    small = inner.body[0] if isinstance(inner, cst.SimpleStatementLine) and len(inner.body) == 1 else None
    value = small.value if isinstance(small, (cst.Assign, cst.Return)) else None
    return value if isinstance(value, cst.Call) and paths.get(value) in batches else None


class _Scopes(Visitor):
    def __init__(self, paths, batches) -> None:
        self.paths, self.batches = paths, batches
        self.found: dict[int, tuple[cst.With, cst.Call]] = {}

    def visit_With(self, node: cst.With) -> None:
        call = _lone_batch(node, self.paths, self.batches)
        if call is not None:
            self.found[id(node)] = (node, call)


def _rebuilt(node: cst.CSTNode, new: dict[int, cst.CSTNode]) -> cst.CSTNode:
    """``node`` with each node ``new`` names replaced; every other node stays the same object (a tree's helpers
    are found by the nodes of the module as parsed)."""
    if id(node) in new:
        return new[id(node)]
    changes = {}
    for field in dataclasses.fields(node):
        value = getattr(node, field.name)
        if isinstance(value, cst.CSTNode):
            got = _rebuilt(value, new)
            if got is not value:
                changes[field.name] = got
        elif isinstance(value, (list, tuple)) and any(isinstance(v, cst.CSTNode) for v in value):
            got = [_rebuilt(v, new) if isinstance(v, cst.CSTNode) else v for v in value]
            if any(g is not v for g, v in zip(got, value)):
                changes[field.name] = type(value)(got)
    return node.with_changes(**changes) if changes else node


def unwrap_scoped_batches(module: cst.Module, external=None) -> tuple[cst.Module, list[str]]:
    """(the module with each scope around a lone batch statement removed, the code of each such batch call);
    the module itself where there is none."""
    from tfdata_bridge._src.migrate.pipelines import BATCHES
    from tfdata_bridge._src.migrate.to_tfdata import survey

    if "batch" not in code_of(module) or not _SCOPE_WITH.search(code_of(module)) or not _may_hold(module):
        return module, []
    paths = survey(module, external)[0].paths
    v = _Scopes(paths, BATCHES)
    module.visit(v)
    if not v.found:
        return module, []
    new = {}
    for with_id, (stmt, _) in v.found.items():
        inner = stmt.body.body[0]
        new[with_id] = inner.with_changes(leading_lines=[*stmt.leading_lines, *inner.leading_lines])
    return _rebuilt(module, new), [module.code_for_node(call) for _, call in v.found.values()]


def _may_hold(module: cst.Module) -> bool:
    """Whether some ``with`` of the module may be a scope around a lone batch, read by spelling alone: the
    survey (which costs) decides by qualified name, only where one may be."""
    found = []

    class _V(Visitor):
        def visit_With(self, node: cst.With) -> None:
            if isinstance(node.body, cst.IndentedBlock) and len(node.body.body) == 1 and \
                    all(isinstance(i.item, cst.Call) and _last(i.item.func) in _SCOPES for i in node.items) and \
                    "batch" in cst.Module([]).code_for_node(node.body.body[0]):
                found.append(node)

    module.visit(_V())
    return bool(found)


def _last(func: cst.BaseExpression) -> str:
    return func.attr.value if isinstance(func, cst.Attribute) else func.value if isinstance(func, cst.Name) else ""


def all_rewritten(code: str, calls: list[str]) -> bool:
    """Whether none of the unwrapped batch calls is left in the rewritten ``code``."""
    return not any(c in code for c in calls)


__all__ = ["all_rewritten", "unwrap_scoped_batches"]
