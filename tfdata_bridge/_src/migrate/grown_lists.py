"""The reason for a batch whose tensor list grows inside an ``if`` or a loop before the batch (round 17).

    tensors = [doc_id, text, topic]
    if options.with_length:
        tensors.append(tf.size(words))
    return tf.train.batch(tensors, ...)

The recogniser follows straight-line code back from the batch; a list changed inside a block it cannot move into
the per-element function with the rest is left, and the reason says that (it said "`text` is also used outside
the pipeline", naming a name the list's own growth read).
"""

from __future__ import annotations

import libcst as cst

from tfdata_bridge._src.migrate.calls import Refusal, nodes_of

_GROW = frozenset({"append", "extend", "insert", "__setitem__"})


def refuse_grown_list(block: list[cst.BaseStatement], tensors: cst.BaseExpression, api: str,
                      line_of=None) -> None:
    """Refused where ``tensors`` (the batch's list, by name) is grown inside a compound statement of ``block``."""
    if not isinstance(tensors, cst.Name):
        return
    name = tensors.value
    for stmt in block:
        if not isinstance(stmt, cst.If):  # (a loop's list of readers or copies is a join's: join_lists.py)
            continue
        for call in nodes_of(stmt, cst.Call):
            func = call.func
            if isinstance(func, cst.Attribute) and func.attr.value in _GROW and isinstance(func.value, cst.Name) \
                    and func.value.value == name:
                kind = type(stmt).__name__.lower()
                where = line_of(stmt) if line_of is not None else None
                raise Refusal(f"the list `{name}` batched by this `{api}` grows by `{name}.{func.attr.value}(...)` "
                              f"inside an `{kind}` statement{f' at line {where}' if where else ''}: the rewrite "
                              "moves straight-line per-element code into the map function, not a list grown "
                              "under a condition; build the list in straight code (`tensors = [a, b] + ([c] if "
                              "flag else [])`) or keep the queue (`migrate --to compat`)")


__all__ = ["refuse_grown_list"]
