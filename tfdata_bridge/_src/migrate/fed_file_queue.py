"""A hand-built filename queue fed once from a placeholder, and enqueue ops a helper makes, as the "Distributed
TensorFlow" chapter of *Hands-On Machine Learning* reads its CSV:

    def read_and_push_instance(filename_queue, instance_queue):
        reader = tf.TextLineReader(skip_header_lines=1)
        key, value = reader.read(filename_queue)
        ...per-element ops...
        return instance_queue.enqueue([features, target])       # (or ``op = ...enqueue(...)``; ``return op``)

    filename_queue = tf.FIFOQueue(capacity, dtypes=[tf.string], shapes=[()])
    filename = tf.placeholder(tf.string)
    enqueue_filename = filename_queue.enqueue([filename])      # or ``enqueue_many([filename])``
    close_filename_queue = filename_queue.close()
    instance_queue = tf.RandomShuffleQueue(...)                 # or FIFOQueue
    ops = [read_and_push_instance(filename_queue, instance_queue) for i in range(k)]    # or a loop's appends
    queue_runner = tf.train.QueueRunner(instance_queue, ops)
    batch = instance_queue.dequeue_up_to(n)                     # or dequeue_many(n)
    with tf.Session() as sess:
        for name in names:                                      # ``enqueue``; ``enqueue_many``: one run of all
            sess.run(enqueue_filename, feed_dict={filename: name})
        sess.run(close_filename_queue)
        threads = queue_runner.create_threads(sess, coord=coord, start=True)

The filename queue, filled with ``names`` (a list the function binds before it makes the queue, and no statement
changes) in order before any thread runs and then closed, hands those names out once, in order: that is
``string_input_producer(names, num_epochs=1, shuffle=False, capacity=capacity)``, its epoch counter set by
``local_variables_initializer()`` where the names were fed. A helper handed the instance queue and returning its
enqueue op is given back what it enqueued, the caller enqueuing it (``queue.enqueue(helper(...))``), and a runner
made by hand and started by ``create_threads(..., start=True)`` is added to the collection and started by
``start_queue_runners``, where nothing else in the module runs a queue runner. What comes out is the per-turn
enqueue form ``enqueue_loops.py`` writes as a ``batch_join`` / ``shuffle_batch_join`` (each step a legacy
program of the same meaning, so a form left later still runs as written). Anything off this shape is kept as
it was.
"""

from __future__ import annotations

import libcst as cst

from tfdata_bridge._src.migrate.calls import code_of
from tfdata_bridge._src.migrate.calls import Refusal, bind_params, is_none, nodes_of, v1_prefix

_FIFO = ("capacity", "dtypes", "shapes", "names", "shared_name", "name")
_QUEUES = ("FIFOQueue", "RandomShuffleQueue")
# what puts a runner in the collection or starts one: the runner made by hand may become one only without them
_RUNNING = ("start_queue_runners", "add_queue_runner", "batch", "shuffle_batch", "batch_join", "shuffle_batch_join",
            "maybe_batch", "maybe_shuffle_batch", "maybe_batch_join", "maybe_shuffle_batch_join",
            "string_input_producer", "input_producer", "range_input_producer", "slice_input_producer",
            "limit_epochs", "QueueRunner", "MonitoredSession", "MonitoredTrainingSession", "Supervisor")
_MUTATORS = ("append", "extend", "insert", "remove", "pop", "sort", "reverse", "clear")


def feed_file_queues(module: cst.Module, external=None) -> cst.Module:
    """``module`` with each placeholder-fed filename queue, helper-made enqueue ops and hand-started runner of
    the form above written as the legacy forms the rewrite reads (the same module object when there is none)."""
    text = code_of(module)
    if "placeholder" not in text and "create_threads" not in text:
        return module
    v1 = v1_prefix(module)
    if v1 is None:
        return module
    from tfdata_bridge._src.migrate.enqueue_loops import join_enqueue_loops
    from tfdata_bridge._src.migrate.to_tfdata import survey

    _, _, finder = survey(module, external)
    changes: dict[int, cst.CSTNode | None] = {}
    for fn in nodes_of(module, cst.FunctionDef):
        runner = _tried(_hand_runner, finder, module, fn, v1)
        # (the filename queue's runner must be started: by ``start_queue_runners``, or the hand-made runner's)
        for found in (runner, _tried(_file_queue, finder, module, fn, v1, runner is not None),
                      _tried(_helper_enqueues, finder, module, fn, external)):
            if found and not set(found) & set(changes):
                changes.update(found)
    if not changes:
        return module
    out = module.visit(_Replace(changes))
    joined = join_enqueue_loops(out, external)
    return joined


def _tried(step, *args) -> dict | None:
    try:
        return step(*args)
    except (Refusal, AttributeError, IndexError, KeyError, TypeError, ValueError):  # (off the form: kept)
        return None


def _assign(stmt: cst.CSTNode) -> tuple[str, cst.BaseExpression] | None:
    """(name, value) of ``name = value``, one statement."""
    if isinstance(stmt, cst.SimpleStatementLine) and len(stmt.body) == 1 and isinstance(stmt.body[0], cst.Assign) \
            and len(stmt.body[0].targets) == 1 and isinstance(stmt.body[0].targets[0].target, cst.Name):
        return stmt.body[0].targets[0].target.value, stmt.body[0].value
    return None


def _uses(node: cst.CSTNode, name: str) -> list[cst.Name]:
    return [n for n in nodes_of(node, cst.Name) if n.value == name]


def _method_of(call: cst.BaseExpression, name: str) -> str | None:
    """``"enqueue"`` for ``name.enqueue(...)``."""
    if isinstance(call, cst.Call) and isinstance(call.func, cst.Attribute) and isinstance(call.func.value, cst.Name) \
            and call.func.value.value == name:
        return call.func.attr.value
    return None


def _one_arg(call: cst.Call) -> cst.BaseExpression | None:
    if len(call.args) == 1 and call.args[0].keyword is None and not call.args[0].star:
        return call.args[0].value
    return None


def _single(expr: cst.BaseExpression | None) -> cst.BaseExpression | None:
    """``x`` of ``x`` / ``[x]`` / ``(x,)``."""
    if isinstance(expr, (cst.List, cst.Tuple)):
        if len(expr.elements) == 1 and not isinstance(expr.elements[0], cst.StarredElement):
            return expr.elements[0].value
        return None
    return expr


def _is_string_dtype(expr: cst.BaseExpression | None) -> bool:
    one = _single(expr)
    return isinstance(one, cst.Attribute) and one.attr.value == "string" or \
        isinstance(one, cst.SimpleString) and one.evaluated_value == "string"


def _scalar_shapes(expr: cst.BaseExpression | None) -> bool:
    if is_none(expr):
        return True
    one = _single(expr)
    return isinstance(expr, (cst.List, cst.Tuple)) and isinstance(one, (cst.List, cst.Tuple)) and not one.elements


def _session(fn: cst.FunctionDef) -> tuple[str, cst.BaseStatement, list[cst.BaseStatement]] | None:
    """(the session's name, the statement making it, the statements run with it) for the one session ``fn``
    makes, at its top level: ``with tf.Session() as sess:`` (its body) or ``sess = tf.Session()`` (the function's
    statements after it); None for anything else (two sessions, one made in a loop)."""
    if sum(1 for c in nodes_of(fn, cst.Call) if (_last(c.func) or "").endswith("Session")) != 1:
        return None
    body = list(fn.body.body)
    for i, stmt in enumerate(body):
        if isinstance(stmt, cst.With):
            for item in stmt.items:
                if isinstance(item.item, cst.Call) and (_last(item.item.func) or "").endswith("Session") and \
                        item.asname is not None and isinstance(item.asname.name, cst.Name):
                    return item.asname.name.value, stmt, list(stmt.body.body)
        made = _assign(stmt)
        if made is not None and isinstance(made[1], cst.Call) and (_last(made[1].func) or "").endswith("Session"):
            return made[0], stmt, body[i + 1:]
    return None


def _last(func: cst.BaseExpression) -> str | None:
    if isinstance(func, cst.Name):
        return func.value
    if isinstance(func, cst.Attribute):
        return func.attr.value
    return None


def _run_of(stmt: cst.CSTNode, sess: str) -> cst.Call | None:
    """The call of ``sess.run(...)`` making the whole statement ``stmt``."""
    if isinstance(stmt, cst.SimpleStatementLine) and len(stmt.body) == 1 and isinstance(stmt.body[0], cst.Expr) \
            and _method_of(stmt.body[0].value, sess) == "run":
        return stmt.body[0].value
    return None


def _fed(call: cst.Call, op: str, ph: str) -> cst.BaseExpression | None:
    """The value fed to ``ph`` by ``sess.run(op, feed_dict={ph: value})``, nothing more."""
    if len(call.args) != 2 or not (isinstance(call.args[0].value, cst.Name) and call.args[0].value.value == op
                                   and call.args[0].keyword is None):
        return None
    feed = call.args[1]
    if not (feed.keyword is None or feed.keyword.value == "feed_dict") or not isinstance(feed.value, cst.Dict):
        return None
    if len(feed.value.elements) != 1 or not isinstance(feed.value.elements[0], cst.DictElement):
        return None
    el = feed.value.elements[0]
    if not (isinstance(el.key, cst.Name) and el.key.value == ph):
        return None
    return el.value


def _unchanged_list(fn: cst.FunctionDef, names: cst.BaseExpression, before: cst.BaseStatement) -> bool:
    """``names`` is a literal list of strings, or a name bound once in ``fn`` before ``before`` (or a
    parameter never bound again) that nothing in ``fn`` changes in place."""
    if isinstance(names, (cst.List, cst.Tuple)):
        return all(isinstance(e, cst.Element) and isinstance(e.value, (cst.SimpleString, cst.ConcatenatedString))
                   for e in names.elements) and bool(names.elements)
    if not isinstance(names, cst.Name):
        return False
    name = names.value
    body = list(fn.body.body)
    at = body.index(before)
    params = {p.name.value for p in fn.params.params}
    binds = [s for s in body if (_assign(s) or ("",))[0] == name]
    if name in params:
        if binds:
            return False
    elif len(binds) != 1 or body.index(binds[0]) >= at:
        return False
    for node in nodes_of(fn, cst.CSTNode):
        if isinstance(node, (cst.AugAssign, cst.Del)) and name in {n.value for n in nodes_of(node, cst.Name)}:
            if isinstance(node, cst.Del) or isinstance(node.target, cst.Name) and node.target.value == name:
                return False
        if isinstance(node, cst.Attribute) and isinstance(node.value, cst.Name) and node.value.value == name \
                and node.attr.value in _MUTATORS:
            return False
        if isinstance(node, cst.AssignTarget) and isinstance(node.target, cst.Subscript) and \
                isinstance(node.target.value, cst.Name) and node.target.value.value == name:
            return False
        if isinstance(node, (cst.For, cst.CompFor)) and name in {n.value for n in nodes_of(node.target, cst.Name)}:
            return False
    # bound again anywhere (a nested block, a tuple target, a walrus): not the list fed
    for target in nodes_of(fn, cst.AssignTarget):
        if name in {n.value for n in nodes_of(target, cst.Name)} and (not binds or target is not
                                                                      binds[0].body[0].targets[0]):
            return False
    return not any(isinstance(n, cst.NamedExpr) and isinstance(n.target, cst.Name) and n.target.value == name
                   for n in nodes_of(fn, cst.NamedExpr))


def _file_queue(finder, module, fn: cst.FunctionDef, v1: str, by_hand: bool) -> dict | None:
    """The changes writing a filename queue fed once from a placeholder as ``string_input_producer``."""
    body = list(fn.body.body)
    for stmt in body:
        made = _assign(stmt)
        if made is None or finder.is_api(made[1], "FIFOQueue") is None:
            continue
        qname, call = made
        args = bind_params(call, _FIFO, "FIFOQueue")
        if is_none(args.get("capacity")) or not _is_string_dtype(args.get("dtypes")) or \
                not _scalar_shapes(args.get("shapes")) or not is_none(args.get("names")) or \
                not is_none(args.get("shared_name")):
            continue
        found = _fed_queue(finder, fn, body, stmt, qname, args, v1, by_hand)
        if found is not None:
            return found
    return None


def _fed_queue(finder, fn, body, stmt, qname: str, args: dict, v1: str, by_hand: bool) -> dict | None:
    enq = close = None
    for s in body[body.index(stmt) + 1:]:
        made = _assign(s)
        if made is None:
            continue
        method = _method_of(made[1], qname)
        if method in ("enqueue", "enqueue_many") and enq is None:
            enq = (s, made[0], method, made[1])
        elif method == "close" and close is None and all(a.keyword is not None and
                                                         a.keyword.value == "cancel_pending_enqueues"
                                                         for a in made[1].args):
            close = (s, made[0])
    if enq is None or close is None:
        return None
    enq_stmt, enq_name, method, enq_call = enq
    ph_node = _single(_one_arg(enq_call))
    if not isinstance(ph_node, cst.Name):
        return None
    ph = ph_node.value
    ph_stmt = next((s for s in body[:body.index(enq_stmt)] if (_assign(s) or ("",))[0] == ph), None)
    if ph_stmt is None or finder.is_api(_assign(ph_stmt)[1], "placeholder") is None:
        return None
    ph_args = bind_params(_assign(ph_stmt)[1], ("dtype", "shape", "name"), "placeholder")
    if not _is_string_dtype(ph_args.get("dtype")):
        return None
    # the queue: made, its one enqueue and close, read elsewhere only by name (a reader, a helper handed it)
    attrs = [a for a in nodes_of(fn, cst.Attribute) if isinstance(a.value, cst.Name) and a.value.value == qname]
    if len(attrs) != 2:
        return None
    session = _session(fn)
    if session is None or body.index(session[1]) < body.index(close[0]):
        return None
    sess, _, inner = session
    close_at = next((i for i, s in enumerate(inner) if (r := _run_of(s, sess)) is not None and
                     _one_arg(r) is not None and isinstance(_one_arg(r), cst.Name) and
                     _one_arg(r).value == close[1]), None)
    if close_at is None:
        return None
    feed_at = names = None
    for i, s in enumerate(inner[:close_at]):
        if method == "enqueue" and isinstance(s, cst.For) and s.orelse is None and s.asynchronous is None and \
                isinstance(s.target, cst.Name) and len(s.body.body) == 1:
            run = _run_of(s.body.body[0], sess)
            value = _fed(run, enq_name, ph) if run is not None else None
            if isinstance(value, cst.Name) and value.value == s.target.value:
                feed_at, names = i, s.iter
                break
        run = _run_of(s, sess)
        if method == "enqueue_many" and run is not None:
            value = _fed(run, enq_name, ph)
            if value is not None:
                feed_at, names = i, value
                break
    if feed_at is None:
        return None
    # before the queue is closed nothing may start a thread or read the queue's readers
    for s in inner[:close_at]:
        code = finder.code(s)
        if any(w in code for w in ("create_threads", "start_queue_runners", "Thread", "dequeue")):
            return None
    if not _unchanged_list(fn, names, stmt):
        return None
    # each name: made, and read where this function feeds and closes the queue, no more
    if len(_uses(fn, ph)) != 3 or len(_uses(fn, enq_name)) != 2 or len(_uses(fn, close[1])) != 2:
        return None
    if not any(_started(finder, s, by_hand) for s in inner[close_at + 1:]):
        return None
    cap = finder.code(args["capacity"])
    made = cst.parse_statement(f"{qname} = {v1}.train.string_input_producer({finder.code(names)}, num_epochs=1, "
                               f"shuffle=False, capacity={cap})\n")
    init = cst.parse_statement(f"{sess}.run({v1}.local_variables_initializer())\n")
    return {id(stmt): made.with_changes(leading_lines=stmt.leading_lines), id(ph_stmt): None, id(enq_stmt): None,
            id(close[0]): None, id(inner[feed_at]): init.with_changes(leading_lines=inner[feed_at].leading_lines),
            id(inner[close_at]): None}


def _started(finder, stmt: cst.CSTNode, by_hand: bool) -> bool:
    """``stmt`` starts the queue runners: ``start_queue_runners``, or (``by_hand``) a hand-made runner's
    ``create_threads`` that ``_hand_runner`` turns into it."""
    for call in nodes_of(stmt, cst.Call):
        if finder.is_api(call, "start_queue_runners") is not None:
            return True
        if by_hand and isinstance(call.func, cst.Attribute) and call.func.attr.value == "create_threads":
            return True
    return False


def _hand_runner(finder, module, fn: cst.FunctionDef, v1: str) -> dict | None:
    """``qr = QueueRunner(queue, ops)`` and ``threads = qr.create_threads(sess, coord=coord, start=True)`` as
    ``add_queue_runner(QueueRunner(queue, ops))`` and ``threads = start_queue_runners(sess=sess, coord=coord)``,
    where this runner is the module's only one (no other runner is made, added or started: the collection then
    holds it alone, or with the filename queue's runner ``_file_queue`` writes)."""
    body = list(fn.body.body)
    runners = [c for c in nodes_of(module, cst.Call) if finder.is_api(c, *_RUNNING) is not None]
    if len(runners) != 1:
        return None
    qr_stmt = next((s for s in body if _assign(s) is not None and _assign(s)[1] is runners[0]), None)
    if qr_stmt is None or finder.is_api(runners[0], "QueueRunner") is None:
        return None
    try:
        bound = bind_params(runners[0], ("queue", "enqueue_ops"), "QueueRunner")
    except Refusal:
        return None
    if len(runners[0].args) != 2:
        return None
    qr = _assign(qr_stmt)[0]
    if len(_uses(fn, qr)) != 2:
        return None
    session = _session(fn)
    if session is None:
        return None
    sess = session[0]
    for s in session[2]:
        if not (isinstance(s, cst.SimpleStatementLine) and len(s.body) == 1):
            continue
        small = s.body[0]
        value = small.value if isinstance(small, (cst.Assign, cst.Expr)) else None
        if _method_of(value, qr) != "create_threads":
            continue
        try:
            args = bind_params(value, ("sess", "coord", "daemon", "start"), "create_threads")
        except Refusal:
            return None
        if not (isinstance(args.get("sess"), cst.Name) and args["sess"].value == sess) or \
                not (isinstance(args.get("start"), cst.Name) and args["start"].value == "True"):
            return None
        coord = args.get("coord")
        more = f", coord={finder.code(coord)}" if not is_none(coord) else ""
        daemon = args.get("daemon")
        if not is_none(daemon) and not (isinstance(daemon, cst.Name) and daemon.value == "True"):
            return None
        started = cst.parse_expression(f"{v1}.train.start_queue_runners(sess={sess}{more})")
        new = s.with_changes(body=[small.with_changes(value=started)])
        added = cst.parse_statement(f"{v1}.train.add_queue_runner({v1}.train.QueueRunner("
                                    f"{finder.code(bound['queue'])}, {finder.code(bound['enqueue_ops'])}))\n")
        return {id(qr_stmt): added.with_changes(leading_lines=qr_stmt.leading_lines), id(s): new}
    return None


def _helper_enqueues(finder, module, fn: cst.FunctionDef, external) -> dict | None:
    """The changes giving a helper's enqueue back to its caller: ``ops = [helper(..., queue, ...) for ...]`` (or
    ``ops.append(helper(...))`` in a loop) with ``helper`` returning ``param.enqueue(x)`` becomes ``ops =
    [queue.enqueue(helper(...)) for ...]``, the helper returning ``x``."""
    helpers = {d.name.value: d for d in module.body if isinstance(d, cst.FunctionDef)}
    for call in nodes_of(fn, cst.Call):
        if not (isinstance(call.func, cst.Name) and call.func.value in helpers):
            continue
        helper = helpers[call.func.value]
        if helper is fn:
            continue
        found = _given_back(finder, module, fn, call, helper, external)
        if found is not None:
            return found
    return None


def _given_back(finder, module, fn, call: cst.Call, helper: cst.FunctionDef, external) -> dict | None:
    name = helper.name.value
    elsewhere = getattr(external, "calls_elsewhere", None)
    if elsewhere is not None and elsewhere(name):
        return None
    # the helper: read in this module only by this call
    if len(_uses(module, name)) != 2 or helper.decorators or helper.asynchronous is not None:
        return None
    params = helper.params
    if params.star_arg is not cst.MaybeSentinel.DEFAULT and params.star_arg is not None or params.star_kwarg or \
            params.posonly_params or params.kwonly_params:
        return None
    names = [p.name.value for p in params.params]
    # the queue argument: a name the caller binds to a hand-built queue, whose parameter the helper enqueues to
    for i, arg in enumerate(call.args):
        if arg.star or not isinstance(arg.value, cst.Name):
            continue
        index = i if arg.keyword is None else (names.index(arg.keyword.value) if arg.keyword.value in names else None)
        if index is None or index >= len(names):
            continue
        binding = [s for s in fn.body.body if (_assign(s) or ("",))[0] == arg.value.value]
        if len(binding) != 1 or finder.is_api(_assign(binding[0])[1], *_QUEUES) is None:
            continue
        made = _returned_enqueue(helper, names[index])
        if made is not None:
            return _handed_back(fn, call, helper, i, arg.value.value, names[index], *made)
    return None


def _returned_enqueue(helper: cst.FunctionDef, param: str) -> tuple[str, list[cst.BaseStatement]] | None:
    """(the enqueue method, the helper's body returning what it enqueued) where ``param`` is read once, as
    ``param.enqueue(x)`` returned (or named and returned) at the end; None otherwise."""
    hbody = list(helper.body.body)
    if len(_uses(helper.body, param)) != 1 or not hbody:
        return None
    last = hbody[-1]
    if not (isinstance(last, cst.SimpleStatementLine) and len(last.body) == 1 and isinstance(last.body[0],
                                                                                           cst.Return)):
        return None
    if len(nodes_of(helper.body, cst.Return)) != 1 or nodes_of(helper.body, cst.Yield):
        return None
    ret = last.body[0].value
    method = _method_of(ret, param)
    if method in ("enqueue", "enqueue_many") and _one_arg(ret) is not None:
        value = _one_arg(ret)
        new_last = last.with_changes(body=[last.body[0].with_changes(value=value)])
        return method, [*hbody[:-1], new_last]
    if isinstance(ret, cst.Name) and len(hbody) >= 2:
        made = _assign(hbody[-2])
        if made is None or made[0] != ret.value or len(_uses(helper.body, ret.value)) != 2:
            return None
        method = _method_of(made[1], param)
        if method not in ("enqueue", "enqueue_many") or _one_arg(made[1]) is None:
            return None
        # (``return x`` itself: the caller's join reads the list's tensors where it is returned)
        value = _one_arg(made[1])
        new_last = last.with_changes(body=[last.body[0].with_changes(value=value)],
                                     leading_lines=[*hbody[-2].leading_lines, *last.leading_lines])
        return method, [*hbody[:-2], new_last]
    return None


def _handed_back(fn, call: cst.Call, helper: cst.FunctionDef, at: int, qname: str, param: str, method: str,
                 new_helper_body: list[cst.BaseStatement]) -> dict | None:
    params = helper.params
    # the caller: the call is the element of a list made in a comprehension, or appended in a loop
    owner = _list_owner(fn, call)
    if owner is None:
        return None
    new_params = params.with_changes(params=[p for p in params.params if p.name.value != param])
    if new_params.params:
        last_param = new_params.params[-1]
        new_params = new_params.with_changes(params=[*new_params.params[:-1],
                                                     last_param.with_changes(comma=cst.MaybeSentinel.DEFAULT)])
    new_helper = helper.with_changes(params=new_params, body=helper.body.with_changes(body=new_helper_body))
    args = [a for i, a in enumerate(call.args) if i != at]
    if args:
        args[-1] = args[-1].with_changes(comma=cst.MaybeSentinel.DEFAULT)
    new_call = call.with_changes(args=args)
    wrapped = cst.Call(func=cst.Attribute(value=cst.Name(qname), attr=cst.Name(method)), args=[cst.Arg(new_call)])
    new_owner = owner.deep_replace(call, wrapped)
    return {id(helper): new_helper, id(owner): new_owner}


def _list_owner(fn: cst.FunctionDef, call: cst.Call) -> cst.SimpleStatementLine | None:
    """The statement ``ops = [call for ...]`` or ``ops.append(call)`` holding ``call``, one statement."""
    for s in nodes_of(fn, cst.SimpleStatementLine):
        if len(s.body) != 1:
            continue
        small = s.body[0]
        if isinstance(small, cst.Assign) and isinstance(small.value, cst.ListComp) and small.value.elt is call:
            return s
        if isinstance(small, cst.Expr) and isinstance(small.value, cst.Call) and \
                isinstance(small.value.func, cst.Attribute) and small.value.func.attr.value == "append" and \
                _one_arg(small.value) is call:
            return s
    return None


class _Replace(cst.CSTTransformer):
    def __init__(self, changes: dict[int, cst.CSTNode | None]) -> None:
        super().__init__()
        self.changes = changes

    def _leave(self, original, updated):
        if id(original) in self.changes:
            new = self.changes[id(original)]
            return cst.RemovalSentinel.REMOVE if new is None else new
        return updated

    leave_SimpleStatementLine = _leave
    leave_For = _leave
    leave_FunctionDef = _leave
