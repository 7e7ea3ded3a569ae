"""A batch call inside a larger expression, named first: the form the recogniser follows.

    return tf.train.batch([x, y], 32), len(x_train)          batch = tf.train.batch([x, y], 32)
                                                       ->    return batch, len(x_train)

(held-out round 23: arrays unpacked from a loader, sliced and batched into a returned tuple, left with "not part
of a pipeline the rewrite recognises"). The recogniser finds a pipeline from a batch call assigned or returned
whole; named first, the call runs once, before the rest of the statement, as it did where no call of the
statement comes before it in Python's order (only such statements are named). ``to_tfdata.run`` keeps the named
module only where it lets more pipelines be rewritten.
"""

from __future__ import annotations

import libcst as cst

from tfdata_bridge._src.migrate.calls import namer, names_in, nodes_of
from tfdata_bridge._src.migrate.inline_reads import _first_call, _kept_whole, parses

_BATCHES = {"batch", "shuffle_batch", "maybe_batch", "maybe_shuffle_batch", "batch_join", "shuffle_batch_join",
            "maybe_batch_join", "maybe_shuffle_batch_join"}
_GUARDED = (cst.Lambda, cst.ListComp, cst.SetComp, cst.DictComp, cst.GeneratorExp, cst.IfExp, cst.BooleanOperation)


def _batch_call(node: cst.CSTNode) -> bool:
    """``tf.train.batch(...)``, ``train.shuffle_batch(...)``: a batch function of a module named ``train`` (not a
    dataset's own ``.batch``)."""
    if not (isinstance(node, cst.Call) and isinstance(node.func, cst.Attribute) and node.func.attr.value in _BATCHES):
        return False
    owner = node.func.value
    if not (isinstance(owner, cst.Attribute) and owner.attr.value == "train" or
            isinstance(owner, cst.Name) and owner.value == "train"):
        return False
    while isinstance(owner, cst.Attribute):
        owner = owner.value
    return isinstance(owner, cst.Name)


def name_nested_batches(module: cst.Module, external=None) -> cst.Module:
    """``module`` with each batch call nested in a function's statement named first (the same module object
    when there is none)."""
    top = {n for s in module.body for n in names_in(s)}
    changer = _Namer(top)
    out = module.visit(changer)
    return out if changer.changed and parses(out) else module


class _Namer(cst.CSTTransformer):
    def __init__(self, top: set[str]) -> None:
        self.taken = [set(top)]
        self.depth = 0
        self.changed = False

    def visit_FunctionDef(self, node: cst.FunctionDef) -> None:
        self.taken.append(self.taken[-1] | names_in(node))
        self.depth += 1

    def leave_FunctionDef(self, original, updated):
        self.taken.pop()
        self.depth -= 1
        return updated

    def leave_SimpleStatementLine(self, original, updated):
        if self.depth == 0 or len(original.body) != 1:
            return updated
        small = original.body[0]
        value = getattr(small, "value", None)
        if not isinstance(small, (cst.Assign, cst.Return, cst.Expr)) or value is None or _batch_call(value):
            return updated
        if any(True for kind in _GUARDED for _ in nodes_of(value, kind)):
            return updated
        calls = [n for n in nodes_of(value, cst.Call) if _batch_call(n)]
        if len(calls) != 1 or any(_batch_call(n) for a in calls[0].args for n in nodes_of(a, cst.Call)):
            return updated
        call = calls[0]
        if not _first_call(small, call):
            return updated
        fresh = namer(self.taken[-1])("batch")
        named = cst.SimpleStatementLine([cst.Assign([cst.AssignTarget(cst.Name(fresh))], _kept_whole(call))],
                                        leading_lines=updated.leading_lines)
        line = updated.with_changes(body=[small.with_changes(value=value.deep_replace(call, cst.Name(fresh)))],
                                    leading_lines=())
        self.changed = True
        return cst.FlattenSentinel([named, line])


__all__ = ["name_nested_batches"]
