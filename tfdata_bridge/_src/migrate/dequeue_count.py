"""The count of a batched dequeue (``queue.dequeue_many(n)``, ``dequeue_up_to(n)``), its ``name=`` set aside:

    batch = queue.dequeue_many(cfg.batch_size, name="patch_batch")     # (n, name) in data_flow_ops' order

``name`` names the dequeue op and nothing else: the rewrite's batch has no op of that name, as a rewritten
``train.batch(..., name=...)`` has none (its ``name`` goes too). A program that looks the op up by its name
(``get_tensor_by_name("patch_batch:0")``) reads a name, never the queue itself, and is no queue code the tool
follows: that is the one difference, and it is the batch family's already. Any other argument is refused.
"""

from __future__ import annotations

import libcst as cst

from tfdata_bridge._src.migrate.calls import Refusal

_PARAMS = ("n", "name")  # QueueBase.dequeue_many(self, n, name=None), dequeue_up_to(self, n, name=None)


def dequeue_count(dcall: cst.Call) -> cst.BaseExpression:
    """``n`` of ``dcall`` (positional or ``n=``), a ``name`` (positional or keyword) allowed beside it."""
    method = dcall.func.attr.value if isinstance(dcall.func, cst.Attribute) else "dequeue_many"
    bound: dict[str, cst.BaseExpression] = {}
    for i, arg in enumerate(dcall.args):
        if arg.star:
            raise Refusal(f"`{method}` takes `*args`/`**kwargs`: its count cannot be read; pass `n` by name")
        key = arg.keyword.value if arg.keyword is not None else (_PARAMS[i] if i < len(_PARAMS) else None)
        if key not in _PARAMS or key in bound:
            raise Refusal(f"`{method}` takes {cst.Module([]).code_for_node(arg).rstrip(', ')}, which is not its "
                          "count `n` or its op's `name`")
        bound[key] = arg.value
    if "n" not in bound:
        raise Refusal(f"`{method}` without its count")
    return bound["n"]
