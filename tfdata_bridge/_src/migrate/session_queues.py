"""A hand-built queue the program drives op by op from its own session: a data structure, not an input pipeline.

    q = tf.FIFOQueue(3, "float")
    init = q.enqueue_many(([3., 7., 14.],))
    with tf.Session() as sess:
        sess.run(init)                          # the program puts elements in ...
        x = sess.run(q.dequeue())               # ... takes them out ...
        sess.run(q.enqueue([21.]))              # ... puts more in between its reads ...
        left = sess.run(q.size())               # ... and reads its fill level

No ``QueueRunner`` and no thread fills it: every enqueue op is run by the program's own ``run`` calls (``sess.run``,
``op.run()``), the same thread that reads it, and it has more than one put (or one put and its ``size()`` read). The queue holds what the program put in, when it put it in; a
dataset's elements are fixed when its iterator starts, it cannot be pushed into between reads, has no fill level,
and does not block a put past its capacity or a take from an empty queue. So there is no tf.data rewrite of the
same meaning: the queue is left, and the note says why and what to do instead (TensorFlow 2 keeps
``tf.queue.FIFOQueue``, which runs eagerly). The one sub-form with a dataset's meaning, a queue filled once from
constants before its reads (``once_filled.py``) or each fill drained by size (``size_drain.py``), is rewritten
before this is asked.
"""

from __future__ import annotations

import libcst as cst
from libcst.metadata import PositionProvider

from tfdata_bridge._src.migrate.calls import dotted, nodes_of, wrapped
from tfdata_bridge._src.migrate.queue_size import parents

_KINDS = ("FIFOQueue", "PaddingFIFOQueue", "RandomShuffleQueue", "PriorityQueue")
_PUTS = ("enqueue", "enqueue_many")
_TAKES = ("dequeue", "dequeue_many", "dequeue_up_to")
_OWN = frozenset({*_PUTS, *_TAKES, "size", "close", "is_closed"})
_RUNNERS = ("QueueRunner", "add_queue_runner")


def _run_by_program(node: cst.CSTNode, up) -> bool:
    """``node`` is (in) the fetches of a ``x.run(...)`` / ``x.eval(...)`` call (``sess.run(op)``), or is the ``x``
    of ``x.run()`` itself (``op.run()``)."""
    child, parent = node, up.get(id(node))
    while parent is not None and not isinstance(parent, (cst.SimpleStatementLine, cst.BaseCompoundStatement)):
        if isinstance(parent, cst.Call) and isinstance(parent.func, cst.Attribute) and \
                parent.func.attr.value in ("run", "eval"):
            if child is parent.func and parent.func.value is node or any(child is a for a in parent.args):
                return True
        child, parent = parent, up.get(id(parent))
    return False


def session_driven(module: cst.Module, index, stmt: cst.SimpleStatementLine) -> str | None:
    """The reason the queue made at ``stmt`` (``q = FIFOQueue(...)``) is left, where the program drives it from its
    own session (put in and taken out by its own runs, no runner or thread filling it); None otherwise."""
    small = stmt.body[0] if len(stmt.body) == 1 else None
    if not (isinstance(small, cst.Assign) and len(small.targets) == 1 and isinstance(small.targets[0].target, cst.Name)
            and isinstance(small.value, cst.Call)):
        return None
    kind = (index.paths.get(small.value) or "").rsplit(".", 1)[-1]
    if kind not in _KINDS:
        return None
    q = small.targets[0].target.value
    up = parents(module)
    fn = up.get(id(stmt))
    while fn is not None and not isinstance(fn, cst.FunctionDef):
        fn = up.get(id(fn))
    scope: cst.CSTNode = fn if fn is not None else module
    if any((index.paths.get(c) or "").rsplit(".", 1)[-1] in _RUNNERS or c in index.threads
           or dotted(c.func).rsplit(".", 1)[-1] == "Thread" for c in nodes_of(scope, cst.Call)):
        return None  # (a runner or a thread may fill it: the other passes' forms, and their notes)
    puts: list[cst.Call] = []
    takes: list[cst.Call] = []
    sizes: list[cst.Call] = []
    for name in nodes_of(scope, cst.Name):
        if name.value != q or name is small.targets[0].target:
            continue
        attr = up.get(id(name))
        call = up.get(id(attr))
        if not (isinstance(attr, cst.Attribute) and attr.value is name and attr.attr.value in _OWN
                and isinstance(call, cst.Call) and call.func is attr):
            return None  # (handed on, stored, returned, bound again: its uses are not all seen here)
        method = attr.attr.value
        (puts if method in _PUTS else takes if method in _TAKES else sizes if method == "size" else []).append(call)
    if not takes or not (len(puts) > 1 or puts and sizes):
        return None  # (one put and no fill level read: a fill then reads, the once-filled and feed forms' to say)
    for call in puts:  # each put run by the program: in a run's fetches, or bound to a name only such runs read
        if _run_by_program(call, up):
            continue
        assign = up.get(id(call))
        if not (isinstance(assign, cst.Assign) and assign.value is call and len(assign.targets) == 1
                and isinstance(assign.targets[0].target, cst.Name)):
            return None
        op = assign.targets[0].target
        reads = [n for n in nodes_of(scope, cst.Name) if n.value == op.value and n is not op]
        if not reads or not all(_run_by_program(n, up) for n in reads):
            return None
    pos = wrapped(module).resolve(PositionProvider)

    def lines(calls: list[cst.Call]) -> str:
        at = sorted({pos[c].start.line for c in calls if c in pos})
        return ("line " if len(at) == 1 else "lines ") + ", ".join(map(str, at)) if at else "?"
    methods = sorted({c.func.attr.value for c in puts})
    where = f"`{fn.name.value}`" if fn is not None else "the module"
    size = f", and reads its fill level (`{q}.size()` at {lines(sizes)})" if sizes else ""
    return (f"`{q}` (a `{kind}` made in {where}) is used as a data structure, not as an input pipeline: the "
            f"program's own session runs put elements in (`" + "`, `".join(f"{q}.{m}" for m in methods) +
            f"` at {lines(puts)}) and take them out (`{q}.dequeue...` at {lines(takes)}){size}, and no "
            "`QueueRunner` or thread fills it. tf.data has no counterpart of that: a dataset is a pipeline whose "
            "elements are fixed when its iterator starts, not a container a program pushes into between its reads "
            "(nor has it a fill level, or a put that blocks at the capacity); only a queue given one fill of "
            "constants before its reads, or drained by size after each fill, is a dataset's rows, and this one is "
            f"neither. Keep the queue: TensorFlow 2 has `tf.queue.{kind}`, which runs eagerly (`enqueue_many`, "
            "`dequeue`, `size` called directly, no session); for Python values a `collections.deque` does the same")


__all__ = ["session_driven"]
