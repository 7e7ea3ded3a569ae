"""A hand-built filename queue: what ``string_input_producer`` builds, written out by hand:

    filename_queue = tf.FIFOQueue(capacity, tf.string)              # dtypes [tf.string]; shapes [[]] or none
    enqueue_op = filename_queue.enqueue_many([tf.train.limit_epochs(files, num_epochs)])   # or [files]: no end
    close_op = filename_queue.close(cancel_pending_enqueues=True)    # optional, inline or by name
    qr = tf.train.QueueRunner(filename_queue, [enqueue_op], close_op,
                              queue_closed_exception_types=(tf.errors.OutOfRangeError, ...))
    tf.train.add_queue_runner(qr)                                     # or add_queue_runner(QueueRunner(...))
    _, value = reader.read(filename_queue)

One thread runs the one op until ``limit_epochs`` ends (``OutOfRangeError``, which must be among the runner's
``queue_closed_exception_types``), then the queue closes: the files in order, ``num_epochs`` times, which is
``string_input_producer(files, num_epochs=num_epochs, shuffle=False, capacity=capacity)``. The close op's
``cancel_pending_enqueues`` only matters to an enqueue blocked when the queue closes; the one enqueuing thread is
the one that closes it, so nothing is lost either way. ``shared_name`` shares the queue with other sessions;
the caller rewrites only when it is None at the call. Anything else that uses the queue, its ops or its runner
is refused with the reason.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import libcst as cst

from tfdata_bridge._src.migrate.calls import Refusal, bind_params, holder_of, is_none, nodes_of
from tfdata_bridge._src.migrate.queue_runners import added_runner, own_defaults, registration, short_api, started_by_hand

_FIFO = ("capacity", "dtypes", "shapes", "names", "shared_name", "name")
_SHUFFLE = ("capacity", "min_after_dequeue", "dtypes", "shapes", "names", "seed", "shared_name", "name")
_RUNNER = ("queue", "enqueue_ops", "close_op", "cancel_op", "queue_closed_exception_types", "queue_runner_def",
           "import_scope")


@dataclass
class FileQueue:
    args: dict[str, cst.BaseExpression]  # as ``string_input_producer``'s bound arguments
    removed: list[cst.SimpleStatementLine]  # the queue, its enqueue op, close op, runner and registration
    shared_name: cst.BaseExpression | None  # the caller checks it is None where it is evaluated
    # ``threads = qr.create_threads(sess, coord=coord, start=True)`` -> ``threads = []`` (no runner to start)
    news: dict[cst.SimpleStatementLine, cst.SimpleStatementLine] = field(default_factory=dict)
    accepted: list[str] = field(default_factory=list)  # what the rewrite states (a shuffling queue's order)


def _method(node: cst.BaseExpression | None, qname: str) -> str | None:
    """``"enqueue_many"`` for ``qname.enqueue_many(...)``; None for anything not a call of a method of the queue."""
    if isinstance(node, cst.Call) and isinstance(node.func, cst.Attribute) and isinstance(node.func.value, cst.Name) \
            and node.func.value.value == qname:
        return node.func.attr.value
    return None


def _assigned_name(stmt: cst.SimpleStatementLine) -> str | None:
    small = stmt.body[0]
    if isinstance(small, cst.Assign) and len(small.targets) == 1 and isinstance(small.targets[0].target, cst.Name):
        return small.targets[0].target.value
    return None


def handbuilt_file_queue(finder, queue_stmt: cst.SimpleStatementLine, read_arg: cst.Name,
                         flat: list[cst.BaseStatement]) -> FileQueue | None:
    """The hand-built filename queue made at ``queue_stmt`` and read by ``reader.read(read_arg)``; None when
    ``queue_stmt`` makes no ``FIFOQueue`` (so the caller says what it expected). ``flat``: the statements of the
    queue's block (``with`` blocks opened)."""
    small = queue_stmt.body[0]
    qname = _assigned_name(queue_stmt)
    kind = finder.is_api(small.value, "FIFOQueue", "RandomShuffleQueue") if qname is not None else None
    if kind is None:
        return None
    q = bind_params(small.value, _SHUFFLE if kind == "RandomShuffleQueue" else _FIFO, kind)
    dtypes = q.get("dtypes")
    one = dtypes.elements[0].value if isinstance(dtypes, (cst.List, cst.Tuple)) and len(dtypes.elements) == 1 \
        else dtypes
    if one is None or not finder.code(one).endswith("string"):
        raise Refusal(f"the hand-built file queue `{qname}` does not hold one string (dtypes {finder.code(dtypes)})"
                      if dtypes is not None else f"the hand-built file queue `{qname}` has no dtypes")
    shapes = q.get("shapes")
    if not is_none(shapes) and finder.code(shapes).replace(" ", "") not in ("[[]]", "[()]", "([],)", "((),)"):
        raise Refusal(f"the hand-built file queue `{qname}` has shapes {finder.code(shapes)}, not one scalar")
    if not is_none(q.get("names")):
        raise Refusal(f"the hand-built file queue `{qname}` has names=; not rewritten")
    enqueue = close = runner = None
    for use in finder.scopes.readers_of(queue_stmt, qname):
        if use is read_arg:
            continue
        holder = holder_of(flat, use)
        if holder is None:
            raise Refusal(f"the file queue `{qname}` is used in a block of its own")
        value = holder.body[0].value if isinstance(holder.body[0], (cst.Assign, cst.Expr)) else None
        method = _method(value, qname)
        inline = _method(_run_arg(value), qname) if isinstance(holder.body[0], cst.Expr) else None
        if method == "enqueue_many" and enqueue is None and _assigned_name(holder):
            enqueue = holder
        elif method == "close" and close is None and _assigned_name(holder):
            close = holder
        elif inline == "enqueue_many" and enqueue is None:  # ``sess.run(q.enqueue_many([files]))``
            enqueue = holder
        elif inline == "close" and close is None:  # ``sess.run(q.close())``
            close = holder
        elif holder is runner or short_api(finder, value) in ("QueueRunner", "add_queue_runner"):
            runner = holder
        else:
            raise Refusal(f"the file queue `{qname}` is used beyond one `enqueue_many`, its close op, its "
                          f"QueueRunner and the read (`{finder.code(holder.body[0])}`)")
    if enqueue is not None and runner is None and kind == "FIFOQueue":  # filled and closed by the session's runs
        return hand_filled(finder, queue_stmt, qname, q, enqueue, close, flat)
    if enqueue is None or runner is None:
        raise Refusal(f"the file queue `{qname}` is not filled by one `enqueue_many` op run by a QueueRunner")
    op = _assigned_name(enqueue)
    ecall = enqueue.body[0].value
    if len(ecall.args) != 1 or ecall.args[0].keyword not in (None,) and ecall.args[0].keyword.value != "vals":
        raise Refusal(f"`{qname}.enqueue_many` is not given one list of file names")
    vals = ecall.args[0].value
    if finder.is_api(vals, "train.limit_epochs", "constant", "convert_to_tensor"):
        files = vals  # ``enqueue_many(tf.train.limit_epochs(files, n))``: one tensor, the one component
    elif not (isinstance(vals, (cst.List, cst.Tuple)) and len(vals.elements) == 1
              and isinstance(vals.elements[0], cst.Element)):
        raise Refusal(f"`{qname}.enqueue_many` is not given `[files]` (one component)")
    else:
        files = vals.elements[0].value
    epochs: cst.BaseExpression = cst.Name("None")  # the runner runs the op again and again: no end
    if finder.is_api(files, "train.limit_epochs"):
        lim = bind_params(files, ("tensor", "num_epochs", "name"), "limit_epochs")
        files, epochs = lim["tensor"], lim.get("num_epochs", cst.Name("None"))
    # the runner: QueueRunner(q, [op], [close_op], [cancel_op], queue_closed_exception_types=...)
    registered: list[cst.SimpleStatementLine] = []
    news: dict[cst.SimpleStatementLine, cst.SimpleStatementLine] = {}
    rsmall = runner.body[0]
    started = started_by_hand(finder, runner) if isinstance(rsmall, cst.Assign) else None
    if started is not None:  # ``qr.create_threads(sess, coord=coord, start=True)``: nothing left to start
        registered += started[0]
        news.update(started[1])
        rcall = rsmall.value
    elif isinstance(rsmall, cst.Assign):
        rcall = rsmall.value
        reg = registration(finder, runner, flat)
        if reg is None:
            raise Refusal("the file queue's `QueueRunner` is not assigned to one name")
        registered.append(reg)
    else:
        outer = rsmall.value if isinstance(rsmall, cst.Expr) else None
        rcall = added_runner(finder, outer)  # (``collection=``: a named collection the module starts)
        if short_api(finder, outer) != "add_queue_runner":
            raise Refusal("the file queue's runner is not added by `add_queue_runner`")
    if short_api(finder, rcall) != "QueueRunner":
        raise Refusal("the file queue's runner is not a `QueueRunner`")
    r = bind_params(own_defaults(rcall), _RUNNER, "QueueRunner")
    ops = r.get("enqueue_ops")
    if isinstance(ops, cst.BinaryOperation) and isinstance(ops.operator, cst.Multiply) and \
            isinstance(ops.right, cst.Integer) and (kind == "RandomShuffleQueue" or ops.right.evaluated_value == 1):
        ops = ops.left  # ``[op] * k``: k threads run the one op; the shuffling queue's order is random anyway
        # (a FIFOQueue's ``[op] * 1``: the one thread)
    one = isinstance(ops, (cst.List, cst.Tuple)) and len(ops.elements) >= 1 and all(
        isinstance(e, cst.Element) and isinstance(e.value, cst.Name) and e.value.value == op for e in ops.elements)
    if not one or kind == "FIFOQueue" and len(ops.elements) != 1:
        raise Refusal(f"the file queue's runner does not run `[{op}]` (one thread; several put the files out of "
                      "order)")
    if not (isinstance(r.get("queue"), cst.Name) and r["queue"].value == qname):
        raise Refusal(f"the file queue's runner is not the runner of `{qname}`")
    close_name = _assigned_name(close) if close is not None else None
    for which in ("close_op", "cancel_op"):
        given = r.get(which)
        if is_none(given) or isinstance(given, cst.Name) and given.value == close_name or _method(given, qname) == "close":
            continue
        raise Refusal(f"the file queue's runner's {which} is `{finder.code(given)}`, not a close of `{qname}`")
    for which in ("queue_runner_def", "import_scope"):
        if not is_none(r.get(which)):
            raise Refusal(f"the file queue's runner takes {which}=; not rewritten")
    types = r.get("queue_closed_exception_types")
    if not is_none(types) and "OutOfRangeError" not in {n.value for n in nodes_of(types, cst.Name)}:
        raise Refusal("the file queue's runner does not end quietly on `OutOfRangeError` (its "
                      f"queue_closed_exception_types are {finder.code(types)}): `limit_epochs`' end is an error there")
    removed = [queue_stmt, enqueue, *([close] if close is not None else []), runner, *registered]
    # the op and the close op are used by the runner only
    for stmt, name in ((enqueue, op), (close, close_name)):
        if stmt is None:
            continue
        inside = {id(n) for s in removed for n in nodes_of(s, cst.Name)}
        if [u for u in finder.scopes.readers_of(stmt, name) if id(u) not in inside]:
            raise Refusal(f"`{name}` is used beyond the file queue's runner")
    args: dict[str, cst.BaseExpression] = {"string_tensor": files, "num_epochs": epochs, "shuffle": cst.Name("False")}
    if not is_none(q.get("capacity")):
        args["capacity"] = q["capacity"]
    accepted: list[str] = []
    if kind == "RandomShuffleQueue":  # each run of the op enqueues every name once: an epoch
        args["shuffle"] = cst.Name("True")
        if not is_none(q.get("seed")):
            args["seed"] = q["seed"]
        accepted.append(f"the hand-built RandomShuffleQueue `{qname}` drew the file names at random from what it "
                        "held, which may be more than one epoch's: each epoch here has every name once, the run "
                        "the same multiset")
    return FileQueue(args, removed, q.get("shared_name"), news, accepted)


def _run_arg(node: cst.BaseExpression | None) -> cst.BaseExpression | None:
    """``op`` of ``sess.run(op)`` (one positional argument; no feed, no options); None otherwise."""
    if isinstance(node, cst.Call) and isinstance(node.func, cst.Attribute) and node.func.attr.value == "run" \
            and len(node.args) == 1 and node.args[0].keyword is None and not node.args[0].star:
        return node.args[0].value
    return None


_INITIALIZERS = ("global_variables_initializer", "local_variables_initializer", "tables_initializer",
                 "initialize_all_variables", "initialize_local_variables", "initialize_all_tables")


def _straight(body: list[cst.BaseStatement]) -> list[cst.BaseStatement]:
    """The statements of ``body`` in the order they run, ``with`` blocks opened (other compound statements
    whole)."""
    out: list[cst.BaseStatement] = []
    for stmt in body:
        if isinstance(stmt, cst.With) and isinstance(stmt.body, cst.IndentedBlock):
            out += _straight(list(stmt.body.body))
        else:
            out.append(stmt)
    return out


def hand_filled(finder, queue_stmt: cst.SimpleStatementLine, qname: str, q: dict, enqueue, close,
                flat: list[cst.BaseStatement]) -> FileQueue:
    """A file queue filled once and closed by the session before anything is fetched::

        names = tf.FIFOQueue(8, [tf.string], shapes=[[]])
        fill = names.enqueue_many([files])            # or inline: sess.run(names.enqueue_many([files]))
        close = names.close()                         # or inline: sess.run(names.close())
        _, value = reader.read(names)
        with tf.Session() as sess:
            sess.run(fill)
            sess.run(close)
            ...

    The reader takes the names in their order, once, then the closed queue ends its reads: ``string_input_producer
    (files, num_epochs=1, shuffle=False)``. Only where that is so: the enqueue and the close are each run once, by
    plain ``x.run(op)`` statements of the queue's function (outside loops and branches), the enqueue first, and
    nothing runs before the close but the enqueue and initialisers; nothing else uses the queue or its ops."""
    def refuse(why: str):
        raise Refusal(f"the file queue `{qname}` is filled by the session's runs, not rewritten: {why}")

    if close is None:
        refuse("it is never closed (legacy's reads wait for more names after the last)")
    owner = finder.scopes.scope(queue_stmt)
    node = getattr(owner, "node", None)
    body = list(node.body.body) if isinstance(node, cst.FunctionDef) and isinstance(node.body, cst.IndentedBlock) \
        else list(node.body) if isinstance(node, cst.Module) else None
    if body is None:
        refuse("its function's statements cannot be told")
    line = _straight(body)
    runs: dict[str, cst.SimpleStatementLine] = {}
    removed: list[cst.SimpleStatementLine] = [queue_stmt]
    for which, stmt in (("enqueue", enqueue), ("close", close)):
        name = _assigned_name(stmt)
        if name is None:  # run inline: the statement is the run
            if not any(s is stmt for s in line):
                refuse(f"`{finder.code(stmt.body[0])}` is not run once (it is in a loop or a branch)")
            runs[which] = stmt
            continue
        removed.append(stmt)
        users = [u for u in finder.scopes.readers_of(stmt, name)]
        holders = [holder_of(flat, u) for u in users]
        if len(users) != 1 or holders[0] is None or not isinstance(holders[0].body[0], cst.Expr) or \
                not (isinstance(_run_arg(holders[0].body[0].value), cst.Name)
                     and _run_arg(holders[0].body[0].value) is users[0]):
            refuse(f"`{name}` is used other than by one `sess.run({name})`")
        if not any(s is holders[0] for s in line):
            refuse(f"`sess.run({name})` is not run once (it is in a loop or a branch)")
        runs[which] = holders[0]
    at = {id(s): i for i, s in enumerate(line)}
    first, last = at[id(runs["enqueue"])], at[id(runs["close"])]
    if first > last:
        refuse("it is closed before it is filled")
    for stmt in line[:last]:
        if stmt is runs["enqueue"]:
            continue
        for call in nodes_of(stmt, cst.Call):
            if not (isinstance(call.func, cst.Attribute) and call.func.attr.value in ("run", "eval")) and \
                    finder.is_api(call, "train.start_queue_runners") is None:
                continue
            arg = _run_arg(call)
            if isinstance(arg, cst.Name):
                made = finder.scopes.single_assignment(stmt, arg.value)
                arg = made.body[0].value if made is not None and isinstance(made.body[0], cst.Assign) else arg
            if arg is None or finder.is_api(arg, *_INITIALIZERS) is None:
                refuse(f"`{finder.code(call)}` runs before its close (only initialisers may)")
    ecall = enqueue.body[0].value if _assigned_name(enqueue) else _run_arg(enqueue.body[0].value)
    if len(ecall.args) != 1 or ecall.args[0].keyword not in (None,) and ecall.args[0].keyword.value != "vals":
        refuse(f"`{qname}.enqueue_many` is not given one list of file names")
    vals = ecall.args[0].value
    if not (isinstance(vals, (cst.List, cst.Tuple)) and len(vals.elements) == 1
            and isinstance(vals.elements[0], cst.Element)):
        refuse(f"`{qname}.enqueue_many` is not given `[files]` (one component)")
    files = vals.elements[0].value
    if finder.is_api(files, "train.limit_epochs"):
        refuse("its names are limited by `limit_epochs` inside one run")
    roots = {id(a.value) for a in nodes_of(files, cst.Attribute)}  # (``tf`` of ``tf.constant``: a module)
    names = [n.value for n in nodes_of(files, cst.Name) if id(n) not in roots]
    for n in names:  # the names' values are those at the enqueue's run: nothing changes them in between
        for stmt in line:
            if stmt is runs["close"]:
                break
            if any(isinstance(t.target, cst.Name) and t.target.value == n for t in nodes_of(stmt, cst.AssignTarget)) \
                    and at.get(id(stmt), -1) > at.get(id(enqueue), -1) and stmt is not enqueue:
                refuse(f"`{n}` changes between the enqueue op and its run")
            if at.get(id(stmt), -1) > at.get(id(enqueue), -1) and stmt is not enqueue and (
                    any(isinstance(a.value, cst.Name) and a.value.value == n for a in nodes_of(stmt, cst.Attribute))
                    or any(isinstance(d, cst.Del) for d in nodes_of(stmt, cst.Del))):
                refuse(f"`{n}` may change between the enqueue op and its run (`{finder.code(stmt)}`)")
    removed += [runs["enqueue"], runs["close"]]
    args: dict[str, cst.BaseExpression] = {"string_tensor": files, "num_epochs": cst.Integer("1"),
                                           "shuffle": cst.Name("False")}
    if not is_none(q.get("capacity")):
        args["capacity"] = q["capacity"]
    return FileQueue(args, removed, q.get("shared_name"))
