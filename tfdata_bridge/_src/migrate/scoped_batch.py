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

import re

import libcst as cst

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


class _Unwrap(cst.CSTTransformer):
    def __init__(self, paths, batches) -> None:
        self.paths, self.batches = paths, batches
        self.calls: list[cst.Call] = []

    def leave_With(self, original: cst.With, updated: cst.With):
        call = _lone_batch(original, self.paths, self.batches)
        if call is None:
            return updated
        self.calls.append(call)
        inner = updated.body.body[0]
        return inner.with_changes(leading_lines=[*updated.leading_lines, *inner.leading_lines])


def unwrap_scoped_batches(module: cst.Module, external=None) -> tuple[cst.Module, list[str]]:
    """(the module with each scope around a lone batch statement removed, the code of each such batch call);
    the module itself where there is none."""
    from tfdata_bridge._src.migrate.pipelines import BATCHES
    from tfdata_bridge._src.migrate.to_tfdata import survey

    if "batch" not in module.code or not _SCOPE_WITH.search(module.code) or not _may_hold(module):
        return module, []
    paths = survey(module, external)[0].paths
    v = _Unwrap(paths, BATCHES)
    out = module.visit(v)
    if not v.calls:
        return module, []
    return out, [module.code_for_node(c) for c in v.calls]


def _may_hold(module: cst.Module) -> bool:
    """Whether some ``with`` of the module may be a scope around a lone batch, read by spelling alone: the
    survey (which costs) decides by qualified name, only where one may be."""
    found = []

    class _V(cst.CSTVisitor):
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
