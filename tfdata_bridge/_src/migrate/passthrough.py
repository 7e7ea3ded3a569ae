"""A prefetch queue: a ``FIFOQueue`` filled by one enqueue op (run by a ``QueueRunner``) and read by one
``dequeue()`` (the slim ``prefetch_queue`` and object-detection ``prefetcher`` shape):

    batch_queue = tf.FIFOQueue(capacity, dtypes=..., shapes=..., names=...)
    enqueue_op = batch_queue.enqueue(tensors)                    # a list, a tuple or a dict of tensors
    tf.train.add_queue_runner(tf.train.QueueRunner(batch_queue, [enqueue_op]))
    tf.summary.scalar("fill", tf.cast(batch_queue.size(), tf.float32) / capacity)   # optional
    images, labels = batch_queue.dequeue()

Each ``dequeue`` gives the next evaluation of ``tensors``, in order, and ends when they end: so it *is*
``tensors`` (the dataset that makes them already prefetches). The queue, its op, its runner and its fill-level
summaries go; the dequeue's targets get ``tensors`` (a one-tensor list: the tensor, as the queue gave it back).
A queue that is also read elsewhere, dequeued twice (two readers compete for its elements) or filled by other
ops is left, with the reason.
"""

from __future__ import annotations

from dataclasses import dataclass

import libcst as cst

from tfdata_bridge._src.migrate.calls import Refusal, bind_params, holder_of, names_in, nodes_of
from tfdata_bridge._src.migrate.handbuilt import _size_summary
from tfdata_bridge._src.migrate.queue_callers import caller_dequeues, function_of, same_turns
from tfdata_bridge._src.migrate.queue_runners import runner_call

_PARAMS = ("capacity", "dtypes", "shapes", "names", "shared_name", "name")  # FIFOQueue's, PaddingFIFOQueue's


@dataclass
class Passthrough:
    removed: list[cst.CSTNode]
    dequeue: cst.SimpleStatementLine
    new_dequeue: cst.SimpleStatementLine
    comment: str
    news: dict[cst.SimpleStatementLine, cst.SimpleStatementLine]  # every statement that changes, with its new form


def passthrough(finder, stmt: cst.SimpleStatementLine, local_callers: bool = True) -> Passthrough | None:
    """The prefetch queue made at ``stmt`` (None: ``stmt`` makes no FIFOQueue with a runner and one ``dequeue()``,
    so other rewrites may look at it)."""
    small = stmt.body[0] if len(stmt.body) == 1 else None
    if not (isinstance(small, cst.Assign) and len(small.targets) == 1 and isinstance(small.targets[0].target, cst.Name)):
        return None
    kind = finder.is_api(small.value, "FIFOQueue", "PaddingFIFOQueue")  # one dequeue(): no padding happens
    if kind is None:
        return None
    qname = small.targets[0].target.value
    fn = function_of(finder, stmt)
    if fn is None:
        return None
    flat = nodes_of(fn, cst.SimpleStatementLine)
    enqueues, dequeues, runners, summaries, returns = [], [], [], [], []
    for use in finder.scopes.readers_of(stmt, qname):
        holder = holder_of(flat, use)
        if holder is None:
            return None
        parent = _method_call(holder, use)
        if parent == "enqueue":
            enqueues.append((holder, use))
        elif parent == "dequeue":
            dequeues.append(holder)
        elif isinstance(holder.body[0], cst.Return) and holder.body[0].value is use:
            returns.append(holder)
        elif _size_summary(finder, holder, qname):
            if holder not in summaries:
                summaries.append(holder)
        elif short_runner(finder, holder):
            runners.append(holder)
        else:
            return None  # some other use (a dequeue_many, a close, a return): not this shape
    if len(dequeues) + len(returns) != 1 or not enqueues or not runners:
        return None
    args = bind_params(small.value, _PARAMS, kind)
    if "shared_name" in args:
        raise Refusal(f"`{kind}(shared_name=...)` is shared with other graphs; not rewritten")
    if len(enqueues) != 1 or len(runners) != 1:
        raise Refusal(f"`{qname}` is not filled by one enqueue op run by one QueueRunner")
    (enq_stmt, use), runner_stmt = enqueues[0], runners[0]
    if enq_stmt is not runner_stmt and not isinstance(enq_stmt.body[0], cst.Assign):
        return None  # ``ops.append(q.enqueue(...))`` in a loop: the k-reader shape (``handbuilt``)
    for other in [enq_stmt, *dequeues]:
        if not same_turns(finder, stmt, other):
            raise Refusal(f"`{qname}` is enqueued or dequeued in a loop or a nested function: each run makes another "
                          "op, taking other elements")
    inner, registered = runner_call(finder, runner_stmt, flat)
    if inner is None:
        raise Refusal(f"the runner of `{qname}` is not `add_queue_runner(QueueRunner(queue, [enqueue_op]))`")
    tensors, gone = _enqueued(finder, enq_stmt, use, inner, runner_stmt)
    end = (returns or dequeues)[0]
    _not_rebound(tensors, flat[flat.index(enq_stmt) + 1:flat.index(end)] if end in flat else [])
    support = _support(finder, stmt, small.value, flat)
    summary = (f"; its fill-level summar{'y' if len(summaries) == 1 else 'ies'} dropped (tf.data has no queue to "
               "measure)" if summaries else "")
    if returns:  # a helper returning the queue: its callers' one dequeue each takes the tensors
        if flat.index(returns[0]) < flat.index(enq_stmt):
            raise Refusal(f"`{qname}` is returned before its enqueue op is made")
        if not isinstance(fn, cst.FunctionDef):
            raise Refusal(f"`{qname}` is returned from no function")
        value = _as_dequeued(tensors, args, False)
        dequeues_of = caller_dequeues(finder, fn, finder.scopes.callers(fn)) if local_callers else []
        new_ret = returns[0].with_changes(body=[returns[0].body[0].with_changes(value=value)])
        news = {returns[0]: new_ret}
        for d, value_d in dequeues_of:
            news[d] = d.with_changes(body=[d.body[0].with_changes(value=value_d)])
        comment = (f"tfdata-bridge migrate: FIFOQueue, QueueRunner rewritten to tf.data; the prefetch queue goes: "
                   f"`{fn.name.value}` returns the tensors it was filled with, and each caller's one dequeue was "
                   f"their next evaluation, in order{summary}")
        return Passthrough([*support, stmt, *gone, runner_stmt, *registered, *summaries], returns[0], new_ret,
                           comment, news)
    deq_stmt = dequeues[0]
    dsmall = deq_stmt.body[0]
    if not (isinstance(dsmall, (cst.Assign, cst.Return)) and isinstance(dsmall.value, cst.Call)
            and not dsmall.value.args and isinstance(dsmall.value.func, cst.Attribute)
            and isinstance(dsmall.value.func.value, cst.Name) and dsmall.value.func.value.value == qname):
        raise Refusal(f"`{qname}.dequeue()` is not assigned or returned as a statement of its own")
    if flat.index(deq_stmt) < flat.index(enq_stmt):
        raise Refusal(f"`{qname}` is dequeued before its enqueue op is made")
    value = _as_dequeued(tensors, args, isinstance(dsmall, cst.Assign) and
                         isinstance(dsmall.targets[0].target, (cst.Tuple, cst.List)))
    new = deq_stmt.with_changes(body=[dsmall.with_changes(value=value)])
    comment = ("tfdata-bridge migrate: FIFOQueue, QueueRunner, dequeue rewritten to tf.data; the prefetch queue "
               "goes: each dequeue was the next evaluation of the tensors it was filled with, in order" + summary)
    return Passthrough([*support, stmt, *gone, runner_stmt, *registered, *summaries], deq_stmt, new, comment,
                       {deq_stmt: new})


def _not_rebound(tensors: cst.BaseExpression, between: list[cst.SimpleStatementLine]) -> None:
    """The enqueued names must mean at the dequeue what they meant at the enqueue (the dequeue takes them)."""
    names = names_in(tensors)
    for stmt in between:
        for small in stmt.body:
            targets = [t.target for t in small.targets] if isinstance(small, cst.Assign) else \
                [small.target] if isinstance(small, (cst.AugAssign, cst.AnnAssign)) else []
            bound = {n.value for t in targets for n in nodes_of(t, cst.Name)} & names
            if bound:
                raise Refusal(f"`{sorted(bound)[0]}` is assigned again between the enqueue and the dequeue, so the "
                              "dequeue cannot take the enqueued tensors by name")


def short_runner(finder, stmt: cst.SimpleStatementLine) -> bool:
    code = finder.code(stmt)
    return "QueueRunner(" in code


def _method_call(holder: cst.SimpleStatementLine, use: cst.Name) -> str | None:
    """``"enqueue"`` when ``use`` is the object of a ``use.enqueue(...)`` call in ``holder`` (and so on)."""
    for call in nodes_of(holder, cst.Call):
        if isinstance(call.func, cst.Attribute) and call.func.value is use:
            return call.func.attr.value
    return None


def _enqueued(finder, enq_stmt, use, inner: cst.Call, runner_stmt) -> tuple[cst.BaseExpression, list[cst.CSTNode]]:
    """What the one enqueue op puts in, and the statements that go with it (the op's own)."""
    call = next(c for c in nodes_of(enq_stmt, cst.Call) if isinstance(c.func, cst.Attribute) and c.func.value is use)
    if len(call.args) != 1 or call.args[0].keyword not in (None,) and call.args[0].keyword.value != "vals":
        raise Refusal("the enqueue op is not `queue.enqueue(tensors)`")
    ops = inner.args[1].value
    if enq_stmt is runner_stmt:  # ``QueueRunner(q, [q.enqueue(tensors)])``
        if not (isinstance(ops, cst.List) and len(ops.elements) == 1 and ops.elements[0].value is call):
            raise Refusal("the runner runs more than the one enqueue op")
        return call.args[0].value, []
    small = enq_stmt.body[0]
    if not (isinstance(small, cst.Assign) and small.value is call and len(small.targets) == 1
            and isinstance(small.targets[0].target, cst.Name)):
        raise Refusal("the enqueue op is not `op = queue.enqueue(tensors)`")
    op = small.targets[0].target.value
    if len(finder.scopes.readers_of(enq_stmt, op)) != 1:
        raise Refusal(f"the enqueue op `{op}` is used beyond the queue's runner")
    single = isinstance(ops, cst.List) and len(ops.elements) == 1 and isinstance(ops.elements[0].value, cst.Name) \
        and ops.elements[0].value.value == op
    if not single:
        raise Refusal(f"the runner does not run `[{op}]` (one thread: the order of the elements is kept)")
    return call.args[0].value, [enq_stmt]


def _as_dequeued(tensors: cst.BaseExpression, args: dict[str, cst.BaseExpression], unpacked: bool
                 ) -> cst.BaseExpression:
    """``tensors`` as ``dequeue()`` gives them back: a one-tensor list as the tensor, a list as a list."""
    if isinstance(tensors, (cst.List, cst.Tuple)):
        if any(not isinstance(e, cst.Element) for e in tensors.elements):
            raise Refusal("the enqueued list is built with a starred element")
        if len(tensors.elements) == 1:
            return tensors.elements[0].value
        if unpacked:
            return cst.Tuple([e.with_changes(comma=cst.MaybeSentinel.DEFAULT) for e in tensors.elements],
                             lpar=[], rpar=[])
        return cst.List([e.with_changes(comma=cst.MaybeSentinel.DEFAULT) for e in tensors.elements])
    if isinstance(tensors, cst.Dict) or "names" in args:
        return tensors  # a dict in, the same dict out (the queue's names are its keys)
    dtypes = args.get("dtypes")
    if isinstance(dtypes, (cst.List, cst.Tuple)) and len(dtypes.elements) > 1:
        return tensors  # several components: a list (or tuple) of tensors in, the same out
    raise Refusal("the enqueued value is not a literal list, tuple or dict, and the queue may change its structure "
                  "(a one-tensor list comes back as the tensor); enqueue a literal list, or give the queue `names=`")


def _support(finder, stmt: cst.SimpleStatementLine, ctor: cst.Call, flat: list[cst.SimpleStatementLine]
             ) -> list[cst.SimpleStatementLine]:
    """``names = list(d.keys())``, ``dtypes = [...]``: statements whose names only the queue's constructor reads."""
    out = []
    for name in sorted(names_in(ctor)):
        made = finder.scopes.single_assignment(stmt, name)
        if made is None or made not in flat or len(made.body) != 1 or not isinstance(made.body[0], cst.Assign):
            continue
        if not isinstance(made.body[0].targets[0].target, cst.Name) or len(made.body[0].targets) != 1:
            continue
        readers = finder.scopes.readers_of(made, name)
        if readers and all(holder_of([stmt], r) is stmt for r in readers):
            out.append(made)
    return out
