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

from tfdata_bridge._src.migrate.calls import Refusal, bind_params, control_block_over, holder_of, is_none, last_name, names_in, nodes_of, \
    static_read
from tfdata_bridge._src.migrate.enqueue_copies import copies
from tfdata_bridge._src.migrate.handbuilt import _size_summary
from tfdata_bridge._src.migrate.queue_callers import caller_dequeues, function_of, same_turns
from tfdata_bridge._src.migrate.returned_queue import returned_pair
from tfdata_bridge._src.migrate.queue_runners import checked_runner, named_runner, runner_call, started_by_hand
from tfdata_bridge._src.migrate.stateful_captures import VARIABLES
from tfdata_bridge._src.migrate.static_values import bound_statement

_PARAMS = ("capacity", "dtypes", "shapes", "names", "shared_name", "name")  # FIFOQueue's, PaddingFIFOQueue's
_SHUFFLED = ("capacity", "min_after_dequeue", "dtypes", "shapes", "names", "seed", "shared_name", "name")


@dataclass
class Passthrough:
    removed: list[cst.CSTNode]
    dequeue: cst.SimpleStatementLine
    new_dequeue: cst.SimpleStatementLine
    comment: str
    news: dict[cst.SimpleStatementLine, cst.SimpleStatementLine]  # every statement that changes, with its new form
    # the helper's parameters that must keep their ``None`` default (``shared_name=shared_name``): its callers in
    # other modules are checked where they are met (``passthrough_pass``), the module's own here
    unpassed: tuple[str, ...] = ()
    kind: str = "FIFOQueue"
    said: str = "FIFOQueue"  # the notes' name: ``PaddingFIFOQueue or FIFOQueue`` where a flag chose between two
    args: dict[str, cst.BaseExpression] | None = None  # the constructor's bound arguments
    threads: str = ""  # how many runner threads ran the op, where more than one may have ("": one)


def passthrough(finder, stmt: cst.SimpleStatementLine, local_callers: bool = True, shuffled: bool = False
                ) -> Passthrough | None:
    """The prefetch queue made at ``stmt`` (None: ``stmt`` makes no FIFOQueue with a runner and one ``dequeue()``,
    so other rewrites may look at it). ``shuffled``: a RandomShuffleQueue is taken too (a queue stage before a
    batch, ``hand_stages.py``, where it is the chain's ``shuffle``; alone it would change the order)."""
    small = stmt.body[0] if len(stmt.body) == 1 else None
    if not (isinstance(small, cst.Assign) and len(small.targets) == 1 and isinstance(small.targets[0].target, cst.Name)):
        return None
    kind = finder.is_api(small.value, "FIFOQueue", "PaddingFIFOQueue",  # one dequeue(): no padding happens
                         *(("RandomShuffleQueue",) if shuffled else ()))
    if kind is None:
        return None
    qname = small.targets[0].target.value
    fn = function_of(finder, stmt)
    if fn is None:
        return None
    flat = nodes_of(fn, cst.SimpleStatementLine)
    enqueues, dequeues, runners, summaries, returns, pairs = [], [], [], [], [], []
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
        elif isinstance(holder.body[0], cst.Return) and isinstance(holder.body[0].value, cst.Tuple) and \
                any(e.value is use for e in holder.body[0].value.elements):
            pairs.append(holder)  # ``return queue, runner``: its one caller dequeues one, starts the other
        elif _size_summary(finder, holder, qname):
            if holder not in summaries:
                summaries.append(holder)
        elif short_runner(finder, holder):
            if not any(r is holder for r in runners):  # (``close_op=q.close()`` in the runner's call: one runner)
                runners.append(holder)
        else:
            return None  # some other use (a dequeue_many, a close, a return): not this shape
    if len(dequeues) + len(returns) + len(pairs) != 1 or not enqueues or not runners:
        return None
    if len(enqueues) == 1 and len(runners) == 1 and enqueues[0][0] is not runners[0] and \
            not isinstance(enqueues[0][0].body[0], cst.Assign):
        return None  # ``ops.append(q.enqueue(...))`` in a loop: the k-reader shape (``handbuilt``, which decides
        # its shared_name by shared_names.py's proofs: refusing it here first kept it from looking)
    args = bind_params(small.value, _SHUFFLED if kind == "RandomShuffleQueue" else _PARAMS, kind)
    unpassed = _unshared(finder, fn, stmt, kind, args.get("shared_name"), local_callers)
    if len(enqueues) != 1 or len(runners) != 1:
        raise Refusal(f"`{qname}` is not filled by one enqueue op run by one QueueRunner")
    (enq_stmt, use), runner_stmt = enqueues[0], runners[0]
    if enq_stmt is not runner_stmt and not isinstance(enq_stmt.body[0], cst.Assign):
        return None  # ``ops.append(q.enqueue(...))`` in a loop: the k-reader shape (``handbuilt``)
    value = enq_stmt.body[0].value if isinstance(enq_stmt.body[0], cst.Assign) else None
    if enq_stmt is not runner_stmt and isinstance(value, cst.List) and len(value.elements) == 1:
        return None  # ``ops = [q.enqueue(...)]``: one reader's op in a list, the k-reader shape's (``handbuilt``)
    for other in [enq_stmt, *dequeues]:
        if not same_turns(finder, stmt, other):
            raise Refusal(f"`{qname}` is enqueued or dequeued in a loop or a nested function: each run makes another "
                          "op, taking other elements")
    # ``qr = QueueRunner(...)`` started by hand (``qr.create_threads(sess, coord=coord, start=True)``, TensorFlow's
    # own doc shape), not registered: its starts go, a threads list it gave is ``[]``
    started = started_by_hand(finder, runner_stmt) if named_runner(finder, runner_stmt) else None
    pair = None
    if pairs:  # ``return queue, runner`` (the runner made here), the caller starting its threads by hand
        if not local_callers or not named_runner(finder, runner_stmt):
            return None
        pair = returned_pair(finder, pairs[0], qname, runner_stmt, ("dequeue",))
        if pair is None:
            return None  # (not this shape: the hand-built queue's note says how its callers read it)
        started = pair[4]
    if started is not None:
        inner, registered, emptied = checked_runner(runner_stmt.body[0].value), started[0], started[1]
    else:
        (inner, registered), emptied = runner_call(finder, runner_stmt, flat), {}
    if inner is None:
        raise Refusal(f"the runner of `{qname}` is not `add_queue_runner(QueueRunner(queue, [enqueue_op]))`")
    tensors, gone, threads, many = _enqueued(finder, enq_stmt, use, inner, runner_stmt, fn, local_callers)
    _runs_nothing_else(finder, enq_stmt, tensors, fn, flat, qname)
    _not_read_elsewhere(finder, tensors, enq_stmt, flat, qname)
    unpassed = unpassed + threads
    end = (returns or pairs or dequeues)[0]
    _not_rebound(tensors, flat[flat.index(enq_stmt) + 1:flat.index(end)] if end in flat else [])
    support = _support(finder, stmt, small.value, flat)
    kinds = [kind]
    for other in _branches(finder, stmt, qname, flat):  # ``if dynamic_pad: q = PaddingFIFOQueue(...) else: ...``
        if kind == "RandomShuffleQueue":
            raise Refusal(f"`{qname}` is a RandomShuffleQueue here and a FIFOQueue at line "
                          f"{finder.scopes.lines.get(other, 0)}: the chain's step would depend on the branch taken")
        other_kind = finder.is_api(other.body[0].value, "FIFOQueue", "PaddingFIFOQueue")
        kinds.append(other_kind)
        other_args = bind_params(other.body[0].value, _PARAMS, other_kind)
        unpassed = unpassed + _unshared(finder, fn, other, other_kind, other_args.get("shared_name"), local_callers)
        support += [other, *_support(finder, other, other.body[0].value, flat)]
    # (several threads: legacy's order was their race, each evaluation once; one thread's order is one of them)
    summary = f" (legacy's {many} runner threads raced for that order)" if many and not many.startswith("`") else \
        f" (legacy's {many} runner threads, however many, raced for that order: each run took the next " \
        "evaluation, and one thread's order is one of theirs)" if many else ""
    summary += (f"; its fill-level summar{'y' if len(summaries) == 1 else 'ies'} dropped (tf.data has no queue to "
               "measure)" if summaries else "")
    if pair is not None:  # the helper returns the tensors; its caller's dequeue takes them, the runner goes
        if flat.index(pairs[0]) < flat.index(enq_stmt):
            raise Refusal(f"`{qname}` is returned before its enqueue op is made")
        dcall, made, used, alone, _ = pair
        _not_under_dependencies(finder, function_of(finder, used), used, qname)
        new_ret = pairs[0].with_changes(body=[pairs[0].body[0].with_changes(value=_as_dequeued(tensors, args,
                                                                                               False))])
        news = {pairs[0]: new_ret, made: alone, used: used.with_changes(
            body=[used.body[0].with_changes(value=dcall.func.value)]), **emptied}
        comment = (f"tfdata-bridge migrate: {kind}, QueueRunner rewritten to tf.data; the prefetch queue goes: "
                   f"`{fn.name.value}` returns the tensors it was filled with (not its runner), and the caller's "
                   f"one dequeue was their next evaluation, in order{summary}")
        return Passthrough([*support, stmt, *gone, runner_stmt, *registered, *summaries], pairs[0], new_ret,
                           comment, news, unpassed, kind, kind, args, many)
    if returns:  # a helper returning the queue: its callers' one dequeue each takes the tensors
        if flat.index(returns[0]) < flat.index(enq_stmt):
            raise Refusal(f"`{qname}` is returned before its enqueue op is made")
        if not isinstance(fn, cst.FunctionDef):
            raise Refusal(f"`{qname}` is returned from no function")
        value = _as_dequeued(tensors, args, False)
        dequeues_of = caller_dequeues(finder, fn, finder.scopes.callers(fn)) if local_callers else []
        new_ret = returns[0].with_changes(body=[returns[0].body[0].with_changes(value=value)])
        news = {returns[0]: new_ret, **emptied}
        for d, value_d in dequeues_of:
            _not_under_dependencies(finder, function_of(finder, d), d, qname)
            news[d] = d.with_changes(body=[d.body[0].with_changes(value=value_d)])
        said = " or ".join(dict.fromkeys(kinds))
        comment = (f"tfdata-bridge migrate: {said}, QueueRunner rewritten to tf.data; the prefetch queue goes: "
                   f"`{fn.name.value}` returns the tensors it was filled with, and each caller's one dequeue was "
                   f"their next evaluation, in order{summary}")
        return Passthrough([*support, stmt, *gone, runner_stmt, *registered, *summaries], returns[0], new_ret,
                           comment, news, unpassed, kind, said, args, many)
    deq_stmt = dequeues[0]
    dsmall = deq_stmt.body[0]
    if not (isinstance(dsmall, (cst.Assign, cst.Return)) and isinstance(dsmall.value, cst.Call)
            and not dsmall.value.args and isinstance(dsmall.value.func, cst.Attribute)
            and isinstance(dsmall.value.func.value, cst.Name) and dsmall.value.func.value.value == qname):
        raise Refusal(f"`{qname}.dequeue()` is not assigned or returned as a statement of its own")
    if flat.index(deq_stmt) < flat.index(enq_stmt):
        raise Refusal(f"`{qname}` is dequeued before its enqueue op is made")
    _not_under_dependencies(finder, fn, deq_stmt, qname)
    value = _as_dequeued(tensors, args, isinstance(dsmall, cst.Assign) and
                         isinstance(dsmall.targets[0].target, (cst.Tuple, cst.List)))
    new = deq_stmt.with_changes(body=[dsmall.with_changes(value=value)])
    said = " or ".join(dict.fromkeys(kinds))
    comment = (f"tfdata-bridge migrate: {said}, QueueRunner, dequeue rewritten to tf.data; the prefetch queue "
               "goes: each dequeue was the next evaluation of the tensors it was filled with, in order" + summary)
    return Passthrough([*support, stmt, *gone, runner_stmt, *registered, *summaries], deq_stmt, new, comment,
                       {deq_stmt: new, **emptied}, unpassed, kind, said, args, many)


def _not_under_dependencies(finder, fn, deq_stmt: cst.SimpleStatementLine, qname: str) -> None:
    """A dequeue made under ``control_dependencies`` ran those ops each time it ran (a counter's increment): the
    enqueued tensors it would become were made outside that block, so nothing would run them. Refused."""
    block = control_block_over([fn], deq_stmt) if fn is not None else None
    if block is not None:
        raise Refusal(f"the dequeue of `{qname}` is made under `{finder.code(block.items[0].item)}`: legacy ran those "
                      "ops at each dequeue; the enqueued tensors it would become are made outside that block, so "
                      "nothing would run them; not rewritten")


def _branches(finder, stmt: cst.SimpleStatementLine, qname: str, flat: list[cst.SimpleStatementLine]
              ) -> list[cst.SimpleStatementLine]:
    """The other constructors of the queue in the same function (one per branch of an ``if``): each is the
    same prefetch queue (one dequeue of a ``PaddingFIFOQueue`` pads nothing), and goes with it. Any other
    assignment of the name is refused."""
    out = []
    for other in flat:
        small = other.body[0] if other is not stmt and len(other.body) == 1 else None
        if not isinstance(small, cst.Assign):
            continue
        if not any(qname in {n.value for n in nodes_of(t.target, cst.Name)} for t in small.targets):
            continue
        if not (len(small.targets) == 1 and isinstance(small.targets[0].target, cst.Name)
                and finder.is_api(small.value, "FIFOQueue", "PaddingFIFOQueue")):
            raise Refusal(f"`{qname}` is also assigned at line {finder.scopes.lines.get(other, 0)} other than to a "
                          "FIFOQueue made as this one is")
        out.append(other)
    return out


def _default_of(finder, fn, stmt: cst.SimpleStatementLine, expr: cst.BaseExpression | None, local_callers: bool
                ) -> tuple[cst.BaseExpression | None, tuple[str, ...], str]:
    """``expr`` followed to the default of the enclosing function's parameter it names (``shared_name=shared_name``,
    ``[op] * num_threads``), when nothing re-binds that parameter and no call of the module passes it: the default,
    the parameter (which the callers of other modules must not pass either, ``passes``), and "" ; else ``expr``,
    (), and why it could not be followed ("" when it names no parameter)."""
    if not (isinstance(expr, cst.Name) and isinstance(fn, cst.FunctionDef)):
        return expr, (), ""
    param = next((p for p in [*fn.params.posonly_params, *fn.params.params, *fn.params.kwonly_params]
                  if p.name.value == expr.value), None)
    if param is None:
        # a name bound once to a literal (``num_threads = 1`` in the function, or a module constant never bound
        # again): the literal is what the name means wherever it is read
        bound = bound_statement(finder, stmt, expr.value)
        value = bound.body[0].value if bound is not None else None
        if isinstance(value, (cst.Integer, cst.SimpleString)) or is_none(value) and value is not None:
            return value, (), ""
        return expr, (), ""
    if param.default is None:
        return expr, (), ""
    scope = finder.scopes.scope(stmt)
    if scope is None or len(list(scope.assignments[expr.value])) != 1:
        return expr, (), f" (`{expr.value}` is assigned in `{fn.name.value}`)"
    if local_callers:
        for name in finder.scopes.callers(fn):
            call = _call_of(finder, name)
            if call is None:
                return expr, (), (f" (`{fn.name.value}` is used other than called, so its `{expr.value}` cannot be "
                                  "followed)")
            if passes(call, fn, expr.value):
                return expr, (), f" (a call of `{fn.name.value}` passes `{expr.value}`)"
    return param.default, (expr.value,), ""


def _unshared(finder, fn, stmt: cst.SimpleStatementLine, kind: str, shared: cst.BaseExpression | None,
              local_callers: bool) -> tuple[str, ...]:
    """A queue is shared with other sessions only by a ``shared_name`` that is not ``None``: absent, the literal
    ``None``, or a parameter defaulting to ``None`` that no call passes (``_default_of``) is not shared."""
    value, params, why = _default_of(finder, fn, stmt, shared, local_callers)
    if is_none(value):
        return params
    code = cst.Module([]).code_for_node(shared)
    raise Refusal(f"`{kind}(shared_name={code})` shares the queue with other sessions (tf.data has no shared "
                  f"iterator){why}; not rewritten: give `shared_name=None`, or keep the queue (`migrate --to compat`)")


def _call_of(finder, name: cst.Name) -> cst.Call | None:
    """The call whose function is ``name`` (None: ``name`` is used otherwise)."""
    fn = function_of(finder, name)
    for call in nodes_of(fn, cst.Call) if fn is not None else []:
        if call.func is name:
            return call
    return None


def passes(call: cst.Call, fn: cst.FunctionDef, param: str) -> bool:
    """Whether ``call`` (of ``fn``) may give ``param`` a value: by keyword, by position, or through ``*``/``**``."""
    positional = [p.name.value for p in [*fn.params.posonly_params, *fn.params.params]]
    for i, arg in enumerate(call.args):
        if arg.star:
            return True
        if arg.keyword is not None and arg.keyword.value == param:
            return True
        if arg.keyword is None and param in positional and i == positional.index(param):
            return True
    return False


# what changes a variable when run (by the method's or the function's last name)
_UPDATES = frozenset({"assign", "assign_add", "assign_sub", "count_up_to", "scatter_add", "scatter_sub",
                      "scatter_update", "scatter_nd_update", "scatter_nd_add", "scatter_mul", "scatter_div"})

# what reads a variable made elsewhere (a parameter, a global): ``step.read_value()``, ``v.value()``
_VARIABLE_READS = frozenset({"read_value", "value", "initialized_value", "sparse_read"})


def _runs_nothing_else(finder, enq_stmt: cst.SimpleStatementLine, tensors: cst.BaseExpression, fn,
                       flat: list[cst.SimpleStatementLine], qname: str) -> None:
    """The enqueue op's runs did nothing but evaluate ``tensors``: else the queue cannot go. Legacy's runner thread
    ran the op ahead of the dequeues, over and over, until the queue was full; an op made under
    ``control_dependencies`` ran those dependencies once per element, and a variable read in the tensors was read
    at the runner's time, not the consumer's (a counter the enqueue's dependency increments, round 61). Refused
    with the reason."""
    block = control_block_over([fn], enq_stmt)
    if block is not None:
        raise Refusal(f"the enqueue op of `{qname}` is made under `{finder.code(block.items[0].item)}`: legacy's "
                      "runner thread ran those ops once per element, ahead of the dequeues; without the queue "
                      "nothing would run them; not rewritten")
    assigned: dict[str, list[cst.BaseExpression]] = {}
    for stmt in flat:
        for small in stmt.body:
            if isinstance(small, (cst.Assign, cst.AnnAssign)) and small.value is not None:
                targets = [t.target for t in small.targets] if isinstance(small, cst.Assign) else [small.target]
                for name in set().union(*(names_in(t) for t in targets)):
                    assigned.setdefault(name, []).append(small.value)
    seen, todo = set(), [tensors]
    while todo:
        expr = todo.pop()
        for call in nodes_of(expr, cst.Call):
            last = last_name(call.func)
            if last in VARIABLES or last in _UPDATES or \
                    last in _VARIABLE_READS and isinstance(call.func, cst.Attribute):
                raise Refusal(f"`{qname}` is filled with `{finder.code(tensors)}`, which reads a variable "
                              f"(`{finder.code(call.func)}`): legacy's runner thread read it ahead of the "
                              "dequeues, at its own time, not at each dequeue's; not rewritten")
        for name in names_in(expr) - seen:
            seen.add(name)
            todo.extend(assigned.get(name, ()))


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


def _not_read_elsewhere(finder, tensors: cst.BaseExpression, enq_stmt, flat: list[cst.SimpleStatementLine],
                        qname: str) -> None:
    """What the enqueued tensors are made of (the statements of the function they are computed by) must not be
    read after the enqueue: legacy evaluated such a reader apart from the element the queue gave (a reader's next
    record: ``side = label * 10`` fetched beside the dequeue, made before or after it), where the dequeue's targets taking the tensors would make it the same evaluation."""
    todo, seen, made = sorted(names_in(tensors)), set(), []
    while todo:
        name = todo.pop()
        if name in seen:
            continue
        seen.add(name)
        stmt = finder.scopes.single_assignment(enq_stmt, name)
        if stmt is None or stmt not in flat or flat.index(stmt) > flat.index(enq_stmt):
            continue
        made.append((stmt, name))
        small = stmt.body[0]
        todo += sorted(names_in(small.value)) if isinstance(small, cst.Assign) else []
    # (only after the enqueue: before it, the names read are as often Python values, a path or the dtypes list,
    # that the queue's constructor reads too)
    others = flat[flat.index(enq_stmt) + 1:]
    fn_of = function_of(finder, enq_stmt)
    for stmt, name in made:
        for ref in finder.scopes.readers_of(stmt, name):
            holder = holder_of(others, ref)
            if holder is not None and not static_read(holder, ref) and not _other_arm(fn_of, enq_stmt, holder):
                raise Refusal(f"`{name}`, which the tensors enqueued in `{qname}` are made of, is also read apart "
                              f"from its enqueue (line {finder.scopes.lines.get(holder, 0)}): legacy evaluated it "
                              "there again (another record), apart from the element the queue gave; not rewritten")


def _other_arm(fn, enq_stmt: cst.CSTNode, holder: cst.CSTNode) -> bool:
    """Whether ``holder`` is in another arm of an ``if`` than the enqueue (``if num_readers > 1:`` the queue, ``else:``
    the tensors read directly): one run of the function takes one arm, so the two never both read the tensors,
    where no loop of the function around the ``if`` could run both arms."""
    if fn is None:
        return False
    for node in nodes_of(fn, cst.If):
        arms, at = [], node
        while isinstance(at, cst.If):
            arms.append(at.body)
            at = at.orelse.body if isinstance(at.orelse, cst.Else) else at.orelse
        if at is not None:
            arms.append(at)
        spans = [{id(n) for n in nodes_of(arm, cst.CSTNode)} for arm in arms]
        enq = [i for i, ids in enumerate(spans) if id(enq_stmt) in ids]
        other = [i for i, ids in enumerate(spans) if id(holder) in ids]
        if enq and other and enq[0] != other[0]:
            inside = {id(n) for loop in [*nodes_of(fn, cst.For), *nodes_of(fn, cst.While)]
                      for n in nodes_of(loop, cst.CSTNode)}
            return id(node) not in inside
    return False


def short_runner(finder, stmt: cst.SimpleStatementLine) -> bool:
    code = finder.code(stmt)
    return "QueueRunner(" in code


def _method_call(holder: cst.SimpleStatementLine, use: cst.Name) -> str | None:
    """``"enqueue"`` when ``use`` is the object of a ``use.enqueue(...)`` call in ``holder`` (and so on)."""
    for call in nodes_of(holder, cst.Call):
        if isinstance(call.func, cst.Attribute) and call.func.value is use:
            return call.func.attr.value
    return None


def _enqueued(finder, enq_stmt, use, inner: cst.Call, runner_stmt, fn, local_callers: bool
              ) -> tuple[cst.BaseExpression, list[cst.CSTNode], tuple[str, ...], str]:
    """What the one enqueue op puts in, the statements that go with it (the op's own), the parameters that
    must keep their default (none: any count of threads gives the same elements), and the thread count where it
    may be more than one, as the notes say it ("": one)."""
    call = next(c for c in nodes_of(enq_stmt, cst.Call) if isinstance(c.func, cst.Attribute) and c.func.value is use)
    if len(call.args) != 1 or call.args[0].keyword not in (None,) and call.args[0].keyword.value != "vals":
        raise Refusal("the enqueue op is not `queue.enqueue(tensors)`")
    ops = inner.args[1].value
    gone: list[cst.CSTNode] = []
    op = finder.code(call)
    if enq_stmt is not runner_stmt:  # (else ``QueueRunner(q, [q.enqueue(tensors)] * k)``, the op made inline)
        small = enq_stmt.body[0]
        if not (isinstance(small, cst.Assign) and small.value is call and len(small.targets) == 1
                and isinstance(small.targets[0].target, cst.Name)):
            raise Refusal("the enqueue op is not `op = queue.enqueue(tensors)`")
        op = small.targets[0].target.value
        if len(finder.scopes.readers_of(enq_stmt, op)) != 1:
            raise Refusal(f"the enqueue op `{op}` is used beyond the queue's runner")
        gone = [enq_stmt]
    # k threads running copies of the one op (``[op] * k``, ``k * [op]``, ``[op for _ in range(k)]``): each run
    # evaluates the tensors once (a reader's read takes its next record, an upstream dequeue its next element), so
    # the queue holds each evaluation once, in an order the threads race for, whatever k is; in order is one of
    # them. So the count need not be known (a parameter, a flag, a ``len(...)``, a condition): only none is refused
    k = copies(finder, ops, enq_stmt, call, lambda node: cst.Module([]).code_for_node(node))
    if k is None:
        raise Refusal(f"the runner does not run `[{op}]` or copies of it (threads running the one op)")
    scope = finder.scopes.scope(runner_stmt)
    unbound = sorted(n for n in names_in(cst.parse_expression(k)) if scope is not None and n not in scope)
    if unbound:  # (dropped with the runner, the count would no longer raise legacy's NameError)
        raise Refusal(f"the runner runs `{op}` in `{k}` threads, and `{unbound[0]}` is bound nowhere here (legacy "
                      "stops at its NameError, or a star import gives it); not rewritten")
    count, params, _ = _default_of(finder, fn, runner_stmt, cst.parse_expression(k), local_callers)
    if params and isinstance(count, cst.Integer) and count.evaluated_value >= 1:
        count = cst.Name(params[0])  # (a parameter's default: a caller of another module may pass another count)
    if isinstance(count, cst.Integer):
        if count.evaluated_value < 1:
            raise Refusal(f"the runner runs `{op}` in {count.value} threads: legacy's dequeue waits forever")
        return call.args[0].value, gone, (), "" if count.evaluated_value == 1 else count.value
    return call.args[0].value, gone, (), f"`{k}`"


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
    if isinstance(tensors, cst.Name):  # a helper's parameter: what ``dequeue()`` gives back, decided as it does
        return cst.parse_expression(f"(list({tensors.value}) if len({tensors.value}) > 1 else {tensors.value}[0]) "
                                    f"if isinstance({tensors.value}, (list, tuple)) else {tensors.value}")
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
