"""An input producer read in groups, with no batch after it (``dequeue_many`` / ``dequeue_up_to``), and a
``string_input_producer``'s names dequeued one per run:

    index_queue = tf.train.range_input_producer(size, num_epochs=1, shuffle=True, seed=11)
    idx = index_queue.dequeue_many(batch_size)          # or ...producer(...).dequeue_many(n) inline
    obs = tf.gather(observations, idx)

Each ``session.run`` took the next ``n`` elements of the producer's queue. ``dequeue_many`` at the end of the
data raises ``OutOfRangeError`` with fewer than ``n`` left and loses them (``data_flow_ops.QueueBase``);
``dequeue_up_to`` hands over the short group first. The dequeue becomes the ``get_next()`` of a one-shot iterator
over the producer's dataset (``tensors.dataset_of``: its elements, shuffled per epoch as the producer did,
repeated ``num_epochs`` times) batched by ``n``, ``drop_remainder=True`` for ``dequeue_many``; the graph ops that
use the group stay as they are. A ``string_input_producer`` is an input producer of its string tensor: its
``dequeue()`` read directly (``tf.read_file(queue.dequeue())`` run once per step) is the next name of the same
dataset, unbatched.
"""

from __future__ import annotations

import libcst as cst

from tfdata_bridge._src.compiler import emit
from tfdata_bridge._src.migrate.calls import Refusal, bind, is_none
from tfdata_bridge._src.migrate.tensors import Produced, producer_chain, tensor_producer

GROUPS = ("dequeue_many", "dequeue_up_to")


def group_size(call: cst.Call) -> cst.BaseExpression | None:
    """``n`` of ``q.dequeue_many(n)`` / ``q.dequeue_up_to(n, name=...)``; None for any other call."""
    if not (isinstance(call.func, cst.Attribute) and call.func.attr.value in GROUPS):
        return None
    sizes = [a.value for i, a in enumerate(call.args) if not a.star and (
        a.keyword is None and i == 0 or a.keyword is not None and a.keyword.value == "n")]
    others = [a for a in call.args if a.star or a.keyword is not None and a.keyword.value not in ("n", "name")]
    return sizes[0] if len(sizes) == 1 and not others and len(call.args) <= 2 else None


def direct_dequeue_group(finder, stmt: cst.SimpleStatementLine, v1: str, code, fresh=None
                         ) -> tuple[list[cst.SimpleStatementLine], list[cst.BaseStatement], str] | None:
    """``x = P.dequeue_many(n)`` (or ``dequeue_up_to``) of an input producer over a tensor, read directly:
    (statements removed, its replacements, comment); None where ``stmt`` is no such statement."""
    if not (len(stmt.body) == 1 and isinstance(stmt.body[0], cst.Assign) and len(stmt.body[0].targets) == 1):
        return None
    value = stmt.body[0].value
    if not isinstance(value, cst.Call) or not isinstance(value.func, cst.Attribute):
        return None
    size = group_size(value)
    method = value.func.attr.value
    if size is None and not (method == "dequeue" and not value.args):
        return None
    if size is not None:
        refuse_fed_size(finder, size, method)
    # the producer as ``tensors.tensor_producer`` reads a ``dequeue()`` of it (the producer node kept, so its one
    # use is this one); a ``string_input_producer``'s names are the rows of its string tensor
    as_one = value.with_changes(func=value.func.with_changes(attr=cst.Name("dequeue")), args=[])
    produced = tensor_producer(finder, stmt, as_one) if size is not None else None
    if produced is None:
        produced = _names_producer(finder, stmt, as_one)
    if produced is None:
        return None
    before, chain, notes = producer_chain(finder, produced, stmt, v1, code, fresh)
    if size is None:  # a file name per run
        comment = (f"tfdata-bridge migrate: {produced.short} rewritten to tf.data; each run reads the iterator's "
                   "next element, as each dequeue did")
    else:
        whole = method == "dequeue_many"
        n = code(size)
        chain += "." + emit.batch_step(n, whole, False)
        end = ("a last group short of it ends the data (OutOfRangeError), its elements lost, as dequeue_many's did"
               if whole else "the last group may be short, then the data ends, as dequeue_up_to's did")
        comment = (f"tfdata-bridge migrate: {produced.short} rewritten to tf.data with its {method}; each run reads "
                   f"the iterator's next group of {n} elements, as each {method} did; {end}")
    new = stmt.body[0].with_changes(value=cst.parse_expression(
        f"{v1}.data.make_one_shot_iterator({chain}).get_next()"))
    if notes:
        comment += "; accepted: " + "; ".join(notes)
    gone = [produced.statement] if produced.statement is not None else []
    return gone, [*before, stmt.with_changes(body=[new])], comment


def _names_producer(finder, stmt: cst.CSTNode, dequeue: cst.Call) -> Produced | None:
    """A ``string_input_producer`` (one assignment, or inline) that ``dequeue`` reads, as a producer over its
    string tensor; None for any other queue."""
    queue, made = dequeue.func.value, None  # type: ignore[attr-defined]
    if isinstance(queue, cst.Name):
        made = finder.scopes.single_assignment(stmt, queue.value)
        if made is None:
            return None
        queue = made.body[0].value
    if not finder.is_api(queue, "train.string_input_producer"):
        return None
    call = bind(queue, "train.string_input_producer")
    for bad in ("shared_name", "cancel_op"):
        if not is_none(call.get(bad)):
            raise Refusal(f"`string_input_producer({bad}=...)` has no tf.data equivalent")
    if made is not None:
        name = dequeue.func.value.value  # type: ignore[attr-defined]
        if [r for r in finder.scopes.readers_of(made, name) if r is not dequeue.func.value]:  # type: ignore[attr-defined]
            raise Refusal(f"the file queue `{name}` is also used beyond its one dequeue (each name goes to one "
                          "consumer; a second one competes for them)")
    return Produced("string_input_producer", {**call, "input_tensor": call["string_tensor"]}, made)


def refuse_fed_size(finder, size: cst.BaseExpression, method: str) -> None:
    """A group size fed at each run (a placeholder) cannot be a tf.data batch's size."""
    if finder.is_api(size, "placeholder", "placeholder_with_default"):
        raise Refusal(f"`{method}`'s n is a placeholder fed at each run; a tf.data batch's size is fixed when its "
                      "iterator is made: pass an int, or keep the queue (`migrate --to compat`)")
