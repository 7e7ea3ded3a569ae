"""A feed-thread queue's ``size()`` read once the dequeue loop has drained it (``function.py``):

    x = queue.dequeue_many(4)
    try:
        while True:                          # leaves only by OutOfRangeError: the queue is closed, and
            batches.append(sess.run(x))      #   what is left in it is less than one dequeue takes
    except tf.errors.OutOfRangeError:
        pass
    left = sess.run(queue.size())            # dequeue()/dequeue_up_to(n): 0; dequeue_many(n): the rows fed mod n

The read's value is known then, whatever the threads' timing: a ``dequeue()`` or ``dequeue_up_to`` drain leaves
nothing, a ``dequeue_many(n)`` drain leaves the short tail it would not take (the rows the feeding loop gave, mod
``n``; the generator counts them). The loop may also be ``while True: try: ... except OutOfRangeError: break``.
Any other read of the size (before the drain, after a loop another exit may leave) is a fill level that depends
on the threads' timing: refused with its line.
"""

from __future__ import annotations

import libcst as cst

from tfdata_bridge._src.migrate.calls import Refusal, names_in, nodes_of


def _out_of_range_only(handler: cst.ExceptHandler) -> bool:
    kind = handler.type
    if isinstance(kind, cst.Attribute):
        return kind.attr.value == "OutOfRangeError"
    return isinstance(kind, cst.Name) and kind.value == "OutOfRangeError"


def _forever(loop: cst.While) -> bool:
    test = loop.test
    return loop.orelse is None and (
        (isinstance(test, cst.Name) and test.value == "True") or (isinstance(test, cst.Integer) and test.value == "1"))


def _runs(node: cst.CSTNode, names: set[str]) -> bool:
    """``node`` runs one of ``names`` (the dequeue's results) through a ``run``/``eval`` call."""
    for call in nodes_of(node, cst.Call):
        func = call.func
        if isinstance(func, cst.Attribute) and func.attr.value in ("run", "eval"):
            fetched = names_in(call.args[0].value) if func.attr.value == "run" and call.args else names_in(func.value)
            if fetched & names:
                return True
    return False


def _inside(node: cst.CSTNode, outer: list[cst.CSTNode]) -> bool:
    return any(node is n for o in outer for n in nodes_of(o, type(node)))


def is_drain(stmt: cst.BaseStatement, names: set[str]) -> bool:
    """``stmt`` runs the dequeue until OutOfRangeError and has no other way out to the next statement."""
    if isinstance(stmt, cst.Try) and stmt.handlers and all(_out_of_range_only(h) for h in stmt.handlers) \
            and stmt.orelse is None:
        loops = [s for s in stmt.body.body if isinstance(s, cst.While)]
        return len(loops) == 1 and _forever(loops[0]) and _runs(loops[0].body, names) \
            and not nodes_of(loops[0].body, cst.Break) and not nodes_of(stmt, cst.Return)
    if isinstance(stmt, cst.While) and _forever(stmt) and _runs(stmt.body, names) and not nodes_of(stmt, cst.Return):
        tries = [t for t in nodes_of(stmt.body, cst.Try)
                 if all(_out_of_range_only(h) for h in t.handlers) and t.handlers and _runs(t.body, names)]
        handlers = [h for t in tries for h in t.handlers]
        breaks = nodes_of(stmt.body, cst.Break)
        loops = [w for w in nodes_of(stmt.body, cst.While) + nodes_of(stmt.body, cst.For)]
        return bool(breaks) and not loops and all(_inside(b, handlers) for b in breaks)
    return False


def size_after_drain(up, stmt: cst.BaseStatement, names: set[str], queue: str, line: int | None) -> None:
    """Refusal unless ``stmt`` (a read of ``queue.size()``) follows a drain of the dequeue in its own block
    (``up``: the parents of the module's nodes)."""
    where = f" at line {line}" if line else ""
    block = up.get(id(stmt))
    body = list(block.body) if isinstance(block, (cst.IndentedBlock, cst.Module)) else []
    position = next((k for k, s in enumerate(body) if s is stmt), 0)
    if any(is_drain(s, names) for s in body[:position]):
        return
    raise Refusal(f"`{queue}.size()` is read{where} where the dequeue loop has not drained the queue (no `while "
                  "True` loop running the dequeue to `OutOfRangeError` before it in the same block): its value is a "
                  "fill level that depends on the feeding threads' timing, and tf.data has no queue to measure; "
                  "`migrate --to compat` runs it unchanged through the drop-in")
