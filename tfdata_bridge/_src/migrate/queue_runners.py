"""The ``QueueRunner`` of a hand-built queue, in the spellings real code used:

    tf.train.add_queue_runner(tf.train.QueueRunner(queue, ops))                  # inline
    tf.train.queue_runner.add_queue_runner(tf.train.queue_runner.QueueRunner(queue, ops))
    qr = tf.train.QueueRunner(queue, ops); tf.train.add_queue_runner(qr)       # registered by its own statement
    qr = ...; tf.add_to_collection(tf.GraphKeys.QUEUE_RUNNERS, qr)
    tf.train.add_queue_runner(qr, collection=TRAIN_RUNNERS)                   # a named collection (below)

A runner added to a named collection runs only once ``start_queue_runners(collection=...)`` (or a loop of
``create_threads`` over ``get_collection(...)``) starts that collection: legacy delivered nothing before, and the
same elements after. With the runner gone, the dataset gives them whenever it is read, so it is accepted where
the module starts that very collection (its name known: a literal, a constant, or a parameter every call gives
one); a collection nothing here is seen to start stays, saying so (``added_runner``).

``runner_call`` gives the ``QueueRunner(...)`` call and the statements that register it (they go with it).
"""

from __future__ import annotations

import libcst as cst

from tfdata_bridge._src.migrate.calls import Refusal, nodes_of

_RUNNER_PARAMS = ("queue", "enqueue_ops", "close_op", "cancel_op", "queue_closed_exception_types", "queue_runner_def",
                  "import_scope")


def short_api(finder, node) -> str:
    """The last part of the TensorFlow path ``node`` calls (``""``: not a TensorFlow call)."""
    return (finder.api(node) or "").rsplit(".", 1)[-1]


def runner_call(finder, stmt: cst.SimpleStatementLine, flat: list[cst.BaseStatement]
                ) -> tuple[cst.Call | None, list[cst.SimpleStatementLine]]:
    """(the ``QueueRunner(...)`` call, the statements that register it) for the runner made at ``stmt``; (None, [])
    when ``stmt`` is no runner. A runner made but not registered (or used otherwise) is refused."""
    small = stmt.body[0] if len(stmt.body) == 1 else None
    if isinstance(small, cst.Expr):
        inner = added_runner(finder, small.value)
        if short_api(finder, inner) == "QueueRunner":
            return checked_runner(inner), []
        return None, []
    if isinstance(small, cst.Assign) and short_api(finder, small.value) == "QueueRunner":
        registered = registration(finder, stmt, flat)
        if registered is None:
            raise Refusal("the queue's `QueueRunner` is not assigned to one name")
        return checked_runner(small.value), [registered]
    return None, []


_START_PARAMS = ("sess", "coord", "daemon", "start", "collection")


def added_runner(finder, call: cst.BaseExpression | None) -> cst.BaseExpression | None:
    """The runner ``add_queue_runner(runner)`` adds, with ``collection=`` (or a second argument) the default
    ``GraphKeys.QUEUE_RUNNERS`` or a named collection this module starts (``collection_started``); None where
    ``call`` is no such call. ``Refusal`` for a named collection not seen started."""
    if not isinstance(call, cst.Call) or short_api(finder, call) != "add_queue_runner" or not call.args or \
            any(a.star for a in call.args) or call.args[0].keyword not in (None,) and \
            call.args[0].keyword.value != "qr":
        return None
    if len(call.args) == 1:
        return call.args[0].value
    second = call.args[1]
    if len(call.args) != 2 or second.keyword is not None and second.keyword.value != "collection":
        return None
    if not collection_started(finder, call, second.value):
        raise Refusal(f"the queue's runner is added to the collection `{finder.code(second.value)}`, which no "
                      "`start_queue_runners(collection=...)` (or `create_threads` loop over `get_collection(...)`) "
                      "of this module is seen to start: legacy's dequeue waits for it; not rewritten")
    return call.args[0].value


def _default_collection(finder, node: cst.BaseExpression) -> bool:
    """``GraphKeys.QUEUE_RUNNERS`` however spelled (``QUEUE_RUNNERS`` imported by name), or its value."""
    return isinstance(node, cst.Attribute) and node.attr.value == "QUEUE_RUNNERS" or \
        isinstance(node, cst.Name) and node.value == "QUEUE_RUNNERS" or \
        isinstance(node, cst.SimpleString) and node.evaluated_value == "queue_runners"


def collection_started(finder, at: cst.CSTNode, collection: cst.BaseExpression) -> bool:
    """``collection`` (read at ``at``) is the default runners' collection, or names, for every call that gives
    it, a collection some ``start_queue_runners(collection=...)`` or ``get_collection(...)`` of the module
    names: its runners are started by collection, and what they deliver does not depend on when."""
    from tfdata_bridge._src.migrate.static_values import UNKNOWN, literal, parameter_values

    if _default_collection(finder, collection):
        return True
    if isinstance(collection, cst.Name) and (given := parameter_values(finder, at, collection.value)) is not None:
        values = [literal(f, a, v) for v, f, a in given]
    else:
        values = [literal(finder, at, collection)]
    if any(not isinstance(v, str) for v in values) or UNKNOWN in values:
        return False
    module = next((n for n in finder.scopes.scopes if isinstance(n, cst.Module)), None)
    started: set[str] = set()
    for call in nodes_of(module, cst.Call) if module is not None else ():
        short = short_api(finder, call)
        named = None
        if short == "start_queue_runners":
            for i, a in enumerate(call.args):
                if a.keyword is not None and a.keyword.value == "collection" or a.keyword is None and i == 4:
                    named = a.value
        if named is not None:
            v = literal(finder, call, named)
            if isinstance(v, str):
                started.add(v)
    for loop in nodes_of(module, cst.For) if module is not None else ():  # for qr in get_collection(X): ...
        it = loop.iter
        if isinstance(it, cst.Call) and short_api(finder, it) == "get_collection" and len(it.args) == 1 and \
                "create_threads" in finder.code(loop.body):
            v = literal(finder, it, it.args[0].value)
            if isinstance(v, str):
                started.add(v)
                if v in values:  # (its loop starts nothing once the rewrite took the runners: plumbing)
                    _started_loops(finder).add(finder.code(it.args[0].value))
    return all(v in started for v in values)


def _started_loops(finder) -> set[str]:
    """The keys, as written, of ``get_collection`` loops starting a named collection whose runner the rewrite
    takes (``Finder.started_collections``, read by the plumbing pass)."""
    if getattr(finder, "started_collections", None) is None:
        finder.started_collections = set()
    return finder.started_collections


def checked_runner(call: cst.Call) -> cst.Call:
    """``QueueRunner(queue, enqueue_ops)`` with nothing more (a close or cancel op of its own changes the end),
    but the runner's defaults written out (``own_defaults``), which go."""
    call = own_defaults(call)
    names = [a.keyword.value if a.keyword is not None else _RUNNER_PARAMS[i] if i < len(_RUNNER_PARAMS) else "?"
             for i, a in enumerate(call.args)]
    extra = [n for n in names if n not in ("queue", "enqueue_ops")]
    if extra or any(a.star for a in call.args):
        raise Refusal(f"the queue's `QueueRunner` takes {', '.join(extra) or '*args'}: only a queue and its "
                      "enqueue ops are rewritten")
    if names != ["queue", "enqueue_ops"]:  # keywords: put them in order, so callers read args[0], args[1]
        by = dict(zip(names, call.args))
        if set(by) != {"queue", "enqueue_ops"}:
            raise Refusal("the queue's `QueueRunner` is not given its queue and its enqueue ops")
        call = call.with_changes(args=[by["queue"], by["enqueue_ops"]])
    return call


def named_closes(finder, call: cst.Call, closes: list[cst.SimpleStatementLine]) -> cst.Call:
    """``call`` (the ``QueueRunner(...)``) with the close ops made for it by statements of their own
    (``close_op = queue.close()``; ``QueueRunner(queue=queue, ..., close_op=close_op)``) written in place, so
    ``own_defaults`` judges them as if inline. Each such op must be read by the runner's call alone (an op run
    elsewhere closes the queue at another time): ``Refusal`` otherwise."""
    if not closes:
        return call
    by_name = {}
    for stmt in closes:
        small = stmt.body[0]
        name = small.targets[0].target.value
        uses = finder.scopes.readers_of(stmt, name)
        arg = next((a for a in call.args if any(a.value is u for u in uses)), None)
        if len(uses) != 1 or arg is None:
            raise Refusal(f"the close op `{name}` of the queue (`{finder.code(small.value)}`) is used beyond being "
                          "given to its `QueueRunner`: closing the queue elsewhere changes where legacy's dequeue "
                          "ends; not rewritten")
        by_name[id(arg)] = small.value
    return call.with_changes(args=[a.with_changes(value=by_name[id(a)]) if id(a) in by_name else a
                                   for a in call.args])


_CLOSED_TYPES = ("OutOfRangeError", "CancelledError")


def own_defaults(call: cst.Call) -> cst.Call:
    """``call`` less the arguments that only spell out ``QueueRunner``'s defaults, by position or keyword:
    ``close_op=queue.close()`` (with or without ``cancel_pending_enqueues``: the close runs when the last enqueue
    thread has ended, so no enqueue is pending), ``cancel_op=queue.close(cancel_pending_enqueues=True)`` (run when
    the coordinator stops, so that blocked enqueues end), ``None`` for either, and ``queue_closed_exception_types``
    of ``OutOfRangeError`` with or without ``CancelledError`` (an enqueue is cancelled only by that cancel op,
    after the coordinator has stopped, where the coordinator ignores what a thread reports). Anything else stays,
    for the caller to refuse: a close of another queue, a cancel op that does not cancel, other exception types
    (an error that ends the queue quietly where legacy would report it, or an end it reports)."""
    if any(a.star for a in call.args) or not call.args:
        return call
    given = call.args[0] if call.args[0].keyword is None else \
        next((a for a in call.args if a.keyword is not None and a.keyword.value == "queue"), None)
    if given is None:  # (keywords in any order: ``QueueRunner(enqueue_ops=[op], queue=q, close_op=...)``)
        return call
    queue = cst.Module([]).code_for_node(given.value)
    kept = []
    for i, a in enumerate(call.args):
        name = a.keyword.value if a.keyword is not None else _RUNNER_PARAMS[i] if i < len(_RUNNER_PARAMS) else "?"
        if name in ("close_op", "cancel_op") and _own_close(a.value, queue, name == "cancel_op") or \
                name == "queue_closed_exception_types" and _closed_types(a.value):
            continue
        if kept and len(kept) != i and a.keyword is None:  # (a positional one after one that went: keep it)
            return call
        kept.append(a)
    return call.with_changes(args=kept) if len(kept) != len(call.args) else call


def _own_close(node: cst.BaseExpression, queue: str, cancel: bool) -> bool:
    """``queue.close()`` (for a cancel op: ``queue.close(cancel_pending_enqueues=True)`` or ``close(True)``),
    or ``None`` (the default)."""
    if isinstance(node, cst.Name) and node.value == "None":
        return True
    if not (isinstance(node, cst.Call) and isinstance(node.func, cst.Attribute) and node.func.attr.value == "close"
            and cst.Module([]).code_for_node(node.func.value) == queue and len(node.args) <= 1
            and not any(a.star for a in node.args)):
        return False
    if not node.args:
        return not cancel
    a = node.args[0]
    if a.keyword is not None and a.keyword.value != "cancel_pending_enqueues":
        return False
    flag = a.value.value if isinstance(a.value, cst.Name) and a.value.value in ("True", "False") else None
    return flag == "True" if cancel else flag is not None


def _closed_types(node: cst.BaseExpression) -> bool:
    """``(errors.OutOfRangeError,)``, ``(tf.errors.OutOfRangeError, tf.errors.CancelledError)``, ``None``: the
    default end, or it and the cancel op's (a tuple: legacy's runner raises on a list)."""
    if isinstance(node, cst.Name) and node.value == "None":
        return True
    if not isinstance(node, cst.Tuple):
        return False
    last = []
    for e in node.elements:
        if not isinstance(e, cst.Element) or not isinstance(e.value, (cst.Attribute, cst.Name)):
            return False
        v = e.value
        last.append(v.attr.value if isinstance(v, cst.Attribute) else v.value)
    return "OutOfRangeError" in last and set(last) <= set(_CLOSED_TYPES)


def registration(finder, runner: cst.SimpleStatementLine, flat: list[cst.BaseStatement]
                 ) -> cst.SimpleStatementLine | None:
    """For ``qr = QueueRunner(...)``: its one use, ``add_queue_runner(qr)`` or
    ``add_to_collection(GraphKeys.QUEUE_RUNNERS, qr)`` as a statement of its own (None: not ``name = ...``)."""
    small = runner.body[0]
    if not (isinstance(small, cst.Assign) and len(small.targets) == 1 and isinstance(small.targets[0].target, cst.Name)):
        return None
    name = small.targets[0].target.value
    uses = finder.scopes.readers_of(runner, name)
    if len(uses) != 1:
        raise Refusal(f"the runner `{name}` is used beyond being added to the graph's runners")
    stmt = None
    for s in flat:  # the registration, in the runner's own block
        if isinstance(s, cst.SimpleStatementLine) and len(s.body) == 1 and isinstance(s.body[0], cst.Expr) \
                and isinstance(s.body[0].value, cst.Call):
            call = s.body[0].value
            args = [a.value for a in call.args]
            if not any(a is uses[0] for a in args):
                continue
            short = short_api(finder, call)
            if short == "add_queue_runner" and added_runner(finder, call) is uses[0]:
                stmt = s
            elif short == "add_to_collection" and len(args) == 2 and args[1] is uses[0]:
                if not collection_started(finder, call, args[0]):  # (a named one: the module starts it)
                    raise Refusal(f"the runner `{name}` is added to the collection `{finder.code(args[0])}`, which "
                                  "no `start_queue_runners(collection=...)` (or `create_threads` loop over "
                                  "`get_collection(...)`) of this module is seen to start: legacy's dequeue waits "
                                  "for it; not rewritten")
                stmt = s
    if stmt is None:
        raise Refusal(f"the runner `{name}` is not added by `add_queue_runner({name})` or to the QUEUE_RUNNERS "
                      "collection")
    return stmt


def named_runner(finder, stmt: cst.SimpleStatementLine) -> bool:
    """``qr = QueueRunner(...)``: a runner bound to one name (which ``started_by_hand`` follows)."""
    small = stmt.body[0] if len(stmt.body) == 1 else None
    return isinstance(small, cst.Assign) and len(small.targets) == 1 and \
        isinstance(small.targets[0].target, cst.Name) and short_api(finder, small.value) == "QueueRunner"


def started_by_hand(finder, runner: cst.SimpleStatementLine, name: str | None = None
                    ) -> tuple[list[cst.SimpleStatementLine], dict[cst.SimpleStatementLine, cst.SimpleStatementLine]] \
        | None:
    """For ``qr = QueueRunner(...)`` whose every use starts its threads by hand in the same function,
    ``qr.create_threads(sess, coord=coord, start=True)`` as a statement of its own, ``threads += ...``,
    ``threads.extend(...)`` or ``threads = ...``: (the statements that go, ``{statement: threads = []}``). With no
    runner left there is nothing to start: the threads list is what legacy had less the runner's threads.
    None where the runner is used otherwise (``registration`` says how). ``name``: the runner's name bound at
    ``runner`` (a caller's ``queue, runner = build(...)``; by default the ``qr`` of ``qr = QueueRunner(...)``)."""
    from tfdata_bridge._src.migrate.queue_callers import _holder, function_of

    small = runner.body[0]
    if name is None:
        if not (isinstance(small, cst.Assign) and len(small.targets) == 1
                and isinstance(small.targets[0].target, cst.Name)):
            return None
        name = small.targets[0].target.value
    uses = finder.scopes.readers_of(runner, name)
    if not uses:
        return None
    gone: list[cst.CSTNode] = []
    emptied: dict[cst.SimpleStatementLine, cst.SimpleStatementLine] = {}
    for use in uses:
        loop = _starting_loop(finder, use)  # ``for t in qr.create_threads(sess, coord): t.start()``
        if loop is not None:
            if function_of(finder, loop) is not function_of(finder, runner):
                return None
            gone.append(loop)
            continue
        stmt = _holder(finder, use)
        if stmt is None or function_of(finder, stmt) is not function_of(finder, runner) or len(stmt.body) != 1:
            return None
        one = stmt.body[0]
        rest = _joined_threads(one, use)  # ``threads = start_queue_runners(...) + qr.create_threads(...)``
        call = _create_threads(one, use) if rest is None else rest[0]
        if call is None or not any(a.keyword is not None and a.keyword.value == "start" and
                                   isinstance(a.value, cst.Name) and a.value.value == "True" for a in call.args):
            return None
        if rest is not None:  # the other threads stay
            emptied[stmt] = stmt.with_changes(body=[one.with_changes(value=rest[1])])
        elif isinstance(one, cst.Assign):
            emptied[stmt] = stmt.with_changes(body=[one.with_changes(value=cst.List([]))])
        else:
            gone.append(stmt)
    return gone, emptied


def _joined_threads(small: cst.BaseSmallStatement, use: cst.Name) -> tuple[cst.Call, cst.BaseExpression] | None:
    """For ``threads = other + use.create_threads(...)`` (either side): (the call, ``other``)."""
    value = small.value if isinstance(small, cst.Assign) and len(small.targets) == 1 else None
    if not (isinstance(value, cst.BinaryOperation) and isinstance(value.operator, cst.Add)):
        return None
    for one, other in ((value.left, value.right), (value.right, value.left)):
        if isinstance(one, cst.Call) and isinstance(one.func, cst.Attribute) and one.func.value is use \
                and one.func.attr.value == "create_threads":
            return one, other.with_changes(lpar=[], rpar=[]) if isinstance(other, cst.Call) else other
    return None


def _starting_loop(finder, use: cst.Name) -> cst.For | None:
    """The ``for t in use.create_threads(sess, coord=coord): t.start()`` loop (its body only starts each thread,
    sets it a daemon, or appends it to a list) whose iterable is ``use``'s call; None where it is not one."""
    fn = finder.scopes.scope(use)
    node = getattr(fn, "node", None)
    for loop in nodes_of(node, cst.For) if node is not None else ():
        it = loop.iter
        if not (isinstance(it, cst.Call) and isinstance(it.func, cst.Attribute) and it.func.value is use
                and it.func.attr.value == "create_threads"):
            continue
        if loop.orelse is not None or not isinstance(loop.target, cst.Name) or \
                not isinstance(loop.body, cst.IndentedBlock):
            return None
        t = loop.target.value
        for stmt in loop.body.body:
            if not (isinstance(stmt, cst.SimpleStatementLine) and all(_thread_step(s, t) for s in stmt.body)):
                return None
        # the loop's last thread is read nowhere after it (another loop binding the name reads its own)
        inside = {id(n) for n in nodes_of(loop, cst.Name)}
        comps = [c for k in (cst.ListComp, cst.GeneratorExp, cst.SetComp) for c in nodes_of(node, k)]
        for other in [*nodes_of(node, cst.For), *comps]:
            target = other.target if isinstance(other, cst.For) else other.for_in.target
            if other is not loop and isinstance(target, cst.Name) and target.value == t:
                inside |= {id(n) for n in nodes_of(other, cst.Name)}
        if any(n.value == t and id(n) not in inside for n in nodes_of(node, cst.Name)):
            return None
        return loop
    return None


def _thread_step(small: cst.BaseSmallStatement, t: str) -> bool:
    """``t.start()``, ``t.setDaemon(True)``, ``t.daemon = True``, ``threads.append(t)``: a start loop's steps."""
    if isinstance(small, cst.Assign):
        return len(small.targets) == 1 and isinstance(small.targets[0].target, cst.Attribute) and \
            isinstance(small.targets[0].target.value, cst.Name) and small.targets[0].target.value.value == t and \
            small.targets[0].target.attr.value == "daemon"
    call = small.value if isinstance(small, cst.Expr) else None
    if not (isinstance(call, cst.Call) and isinstance(call.func, cst.Attribute)):
        return False
    on = call.func.value
    if isinstance(on, cst.Name) and on.value == t:
        return call.func.attr.value in ("start", "setDaemon")
    return call.func.attr.value == "append" and len(call.args) == 1 and isinstance(call.args[0].value, cst.Name) \
        and call.args[0].value.value == t and isinstance(on, (cst.Name, cst.Attribute))


def _create_threads(small: cst.BaseSmallStatement, use: cst.Name) -> cst.Call | None:
    """The ``use.create_threads(...)`` call of ``small`` when it is the statement's whole point: the call alone,
    ``x = call``, ``x += call`` or ``x.extend(call)``."""
    value = getattr(small, "value", None)
    if isinstance(small, cst.Expr) and isinstance(value, cst.Call) and isinstance(value.func, cst.Attribute) \
            and value.func.attr.value == "extend" and len(value.args) == 1:
        value = value.args[0].value
    if isinstance(small, cst.Assign) and len(small.targets) != 1:
        return None
    if not isinstance(small, (cst.Expr, cst.Assign, cst.AugAssign)) or \
            isinstance(small, cst.AugAssign) and not isinstance(small.operator, cst.AddAssign):
        return None
    if isinstance(value, cst.Call) and isinstance(value.func, cst.Attribute) and value.func.value is use \
            and value.func.attr.value == "create_threads":
        return value
    return None
