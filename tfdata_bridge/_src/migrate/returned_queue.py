"""A runner-filled queue that its function returns, batched by its one caller (held-out round 8:
``padding_queue_sentinel``):

    def build_queue(source):
        queue = tf.PaddingFIFOQueue(capacity, dtypes, shapes=...)
        enqueue_op = queue.enqueue([tokens, ids])
        tf.train.add_queue_runner(tf.train.QueueRunner(queue, [enqueue_op]))
        return queue

    queue = build_queue(source)                  # the function's one call, in its module
    tokens, ids = queue.dequeue_many(3)          # the queue's one use there: a statement of its own

is the pattern of ``runner_queue.py`` with the dequeue at the ``return``: the function returns the batched
tensors (``get_next()``) and the caller's dequeue becomes the name it bound them to. Only where that moves
nothing the dequeue's meaning depends on: the count a literal (a name of the caller's may mean another value in
the function), the dequeue run once per call (not in a loop or a nested function), the queue used by nothing
else. Anything else is refused with the reason.
"""

from __future__ import annotations

import libcst as cst

from tfdata_bridge._src.migrate.calls import Refusal
from tfdata_bridge._src.migrate.dequeue_count import dequeue_count
from tfdata_bridge._src.migrate.queue_callers import _holder, function_of, same_turns

_BATCHED = ("dequeue_many", "dequeue_up_to")


def returned_dequeue(finder, returned: cst.SimpleStatementLine, qname: str, methods: tuple[str, ...] = _BATCHED
                     ) -> tuple[cst.Call, cst.SimpleStatementLine, cst.SimpleStatementLine] | None:
    """For ``return qname`` at ``returned``: (the caller's dequeue call, the caller's ``v = fn(...)``, the
    caller's dequeue statement). None where the function's one caller does not read the queue by one of
    ``methods`` (batched dequeues; ``("dequeue",)`` for a RandomShuffleQueue read one element at a time) as its
    one use (not this pattern: ``passthrough.py`` looks at a FIFOQueue's ``dequeue()``); Refusal, naming the
    rule, where it does but the dequeue cannot move into the function."""
    fn = function_of(finder, returned)
    if not isinstance(fn, cst.FunctionDef):
        raise Refusal(f"`{qname}` is returned from no function")
    name = fn.name.value
    callers = finder.scopes.callers(fn)
    if len(callers) != 1:
        return None
    made = _holder(finder, callers[0])
    small = made.body[0] if made is not None and len(made.body) == 1 else None
    if not (isinstance(small, cst.Assign) and len(small.targets) == 1 and isinstance(small.targets[0].target, cst.Name)
            and isinstance(small.value, cst.Call) and small.value.func is callers[0]):
        return None
    v = small.targets[0].target.value
    found = _one_batched_use(finder, made, v, methods)
    if found is None:
        return None
    dcall, used = found
    _check_movable(finder, made, used, v, dcall, name)
    return dcall, made, used


def _one_batched_use(finder, made: cst.SimpleStatementLine, v: str, methods: tuple[str, ...] = _BATCHED):
    """(the dequeue call, its statement) where the queue bound to ``v`` at ``made`` is read once, by a
    statement that is only ``x = v.dequeue_many(...)`` (or another of ``methods``) or ``return v....``; else
    None."""
    uses = finder.scopes.readers_of(made, v)
    if len(uses) != 1:
        return None
    used = _holder(finder, uses[0])
    ds = used.body[0] if used is not None and len(used.body) == 1 else None
    dcall = ds.value if isinstance(ds, (cst.Assign, cst.Return)) else None
    if not (isinstance(dcall, cst.Call) and isinstance(dcall.func, cst.Attribute) and dcall.func.value is uses[0]
            and dcall.func.attr.value in methods):
        return None
    if dcall.func.attr.value == "dequeue" and dcall.args:
        return None  # (``dequeue(name=...)``: not taken)
    return dcall, used


def _check_movable(finder, made, used, v: str, dcall: cst.Call, into: str) -> None:
    """Refusal where the dequeue ``dcall`` of ``v`` cannot move into the function ``into``."""
    if not same_turns(finder, made, used):
        raise Refusal(f"`{v}.{dcall.func.attr.value}(...)` runs in a loop or a nested function: each run takes "
                      "other elements")
    if dcall.func.attr.value == "dequeue":
        return  # (one element: no count)
    count = dequeue_count(dcall)  # its op's ``name=`` set aside (dequeue_count.py)
    if not isinstance(count, cst.Integer):
        raise Refusal(f"the count of `{v}.{dcall.func.attr.value}(...)` is not a literal: it would move into "
                      f"`{into}`, where its names may mean other values")


def returned_pair(finder, returned: cst.SimpleStatementLine, qname: str, runner: cst.SimpleStatementLine,
                  methods: tuple[str, ...] = _BATCHED):
    """For ``return queue, runner`` at ``returned`` (``runner = QueueRunner(queue, ...)`` at ``runner``, not
    registered), its one caller ``queue, runner = build(...)`` batching the queue and starting the runner's
    threads by hand (``runner.create_threads(sess, coord=coord, start=True)``): (the caller's dequeue call, the
    caller's assignment, the caller's dequeue statement, the caller's assignment less the runner, the thread
    statements ``started_by_hand`` gives). None where this is not that pattern. ``methods``: the dequeues the
    caller may read the queue by (``("dequeue",)``: a prefetch queue's, ``passthrough.py``)."""
    from tfdata_bridge._src.migrate.queue_runners import started_by_hand

    value = returned.body[0].value
    small_r = runner.body[0]
    if not (isinstance(value, cst.Tuple) and len(value.elements) == 2 and isinstance(small_r, cst.Assign)
            and len(small_r.targets) == 1 and isinstance(small_r.targets[0].target, cst.Name)):
        return None
    rname = small_r.targets[0].target.value
    names = [e.value.value if isinstance(e.value, cst.Name) else None for e in value.elements]
    if sorted(n or "" for n in names) != sorted([qname, rname]) or \
            [r for r in finder.scopes.readers_of(runner, rname) if r is not value.elements[names.index(rname)].value]:
        return None
    fn = function_of(finder, returned)
    callers = finder.scopes.callers(fn) if isinstance(fn, cst.FunctionDef) else []
    if len(callers) != 1:
        return None
    made = _holder(finder, callers[0])
    small = made.body[0] if made is not None and len(made.body) == 1 else None
    if not (isinstance(small, cst.Assign) and len(small.targets) == 1 and isinstance(small.value, cst.Call)
            and small.value.func is callers[0] and isinstance(small.targets[0].target, (cst.Tuple, cst.List))
            and len(small.targets[0].target.elements) == 2
            and all(isinstance(e.value, cst.Name) for e in small.targets[0].target.elements)):
        return None
    bound = [e.value.value for e in small.targets[0].target.elements]
    qv, rv = bound[names.index(qname)], bound[names.index(rname)]
    found = _one_batched_use(finder, made, qv, methods)
    if found is None:
        return None
    dcall, used = found
    started = started_by_hand(finder, made, rv)
    if started is None:
        return None
    _check_movable(finder, made, used, qv, dcall, fn.name.value)
    alone = made.with_changes(body=[small.with_changes(targets=[cst.AssignTarget(cst.Name(qv))])])
    return dcall, made, used, alone, started
