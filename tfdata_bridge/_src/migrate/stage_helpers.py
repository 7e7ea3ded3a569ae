"""What a queue *stage* helper is (``queue_stages.py`` says where its calls go in a pipeline):

    def shuffle_inputs(tensors, capacity, min_after_dequeue, threads):   # a function of any module of the tree,
        queue = tf.RandomShuffleQueue(capacity, min_after_dequeue,        # a method (static or not), under
                                      dtypes=[t.dtype for t in tensors]) # any import style
        op = queue.enqueue(tensors)                                       # one of its parameters, once
        tf.train.add_queue_runner(tf.train.QueueRunner(queue, [op] * threads))   # or qr = ...; add_queue_runner(qr)
        out = queue.dequeue()
        for i in range(len(tensors)):                                     # optional set_shape loops
            out[i].set_shape(tensors[i].shape)
        return out                                                        # or ``return queue.dequeue()``

Values its queue's arguments read may be computed in it first (by plain assignments, or an ``if`` choosing the
dtypes / shapes / names, not the capacity or seed); a log line is allowed, and ``set_shape`` calls under loops or an
``if``. ``names=`` (also as ``**{"names": n}`` or ``**({"names": n} if n is not None else {})``) makes a queue of
a dict: it takes and gives the same dict, so the stage is the same step. The queue's arguments may also come as a
``**{...}`` literal, as ``**(A if c else B)`` of two literals that agree but for ``name`` and a ``names`` chosen by
``isinstance(tensors, dict)``, or as the helper's own ``**kwargs`` (each call's keywords: ``forwarded_name``); the
enqueue may be written in the runner's list (``[q.enqueue(tensors)] * k``). The chunk form takes a queue
(``rows = source.dequeue_many(k)``, ``q.enqueue_many([rows])``): the source's elements, but the tail short of a
chunk. The helper's code may sit under ``with tf.name_scope(...):`` (a graph scope: ``helpers._unscoped``), its
tensors parameter rebound only as ``tensors = list(tensors)``; ``shared_name=`` may be one of its parameters, which
each call must leave None (``queue_stages.stage_of_call`` refuses a call that gives it a name). Anything else (a
second queue, another use of the queue, any other ``shared_name``, another ``**``, a parameter the capacity or seed
reads rebound in the helper) is refused, naming the statement's line.
"""

from __future__ import annotations

import libcst as cst

from tfdata_bridge._src.migrate.calls import Refusal, bind_params, is_none, names_in, plain_arg

_QUEUES = {"RandomShuffleQueue": ("capacity", "min_after_dequeue", "dtypes", "shapes", "names", "seed",
                                  "shared_name", "name"),
           "FIFOQueue": ("capacity", "dtypes", "shapes", "names", "shared_name", "name")}


def _line(finder, node: cst.CSTNode) -> int | None:
    at = finder.scopes.positions.get(node)
    return finder.scopes.lines.get(node) or getattr(getattr(at, "start", None), "line", None)


def helper_of(finder, stmt: cst.CSTNode, call: cst.Call):
    """(the helper's FunctionDef, the Finder of its module, this module's or not, the module reference the call
    names it through, the FunctionDef as written: a static method's decorator and all) for the function or method
    ``call`` runs; None where it is none the tree defines."""
    func = call.func
    if isinstance(func, cst.Name):
        fn = finder.scopes.module_function(stmt, func.value)
        if fn is not None:
            return fn, finder, True, None, fn
    if isinstance(func, cst.Attribute) and isinstance(func.value, cst.Name) and func.value.value in ("self", "cls"):
        from tfdata_bridge._src.migrate.join import _any_method
        from tfdata_bridge._src.migrate.method_source import _module_of

        from tfdata_bridge._src.migrate.static_stages import static_stage

        module = _module_of(finder, stmt)
        if module is None:
            return None
        try:
            static = static_stage(finder, module, stmt, func)  # (read as a plain method of ``func``'s object)
            if static is not None:
                return static[1], finder, True, None, static[0]
            fn, foreign, _cls = _any_method(finder, module, stmt, func)
        except Refusal:
            return None
        return fn, foreign or finder, foreign is None, None, fn
    if finder.external is not None and isinstance(func, (cst.Name, cst.Attribute)):
        found = finder.external(func)
        if found is not None:
            ref = cst.Module([]).code_for_node(func.value) if isinstance(func, cst.Attribute) else None
            return found[0], found[1], False, ref, found[0]
    return None


def calls_queue_helper(finder, stmt: cst.BaseStatement) -> bool:
    """Whether ``stmt`` is ``x = helper(...)`` of a helper that makes a queue and returns its dequeue: a stage,
    which a per-element function must not run (a queue per element trace)."""
    small = stmt.body[0] if isinstance(stmt, cst.SimpleStatementLine) and len(stmt.body) == 1 else None
    if not (isinstance(small, (cst.Assign, cst.Expr)) and isinstance(small.value, cst.Call)):
        return False
    found = helper_of(finder, stmt, small.value)
    return found is not None and _is_queue_stage(found[1], found[0])


def _is_queue_stage(home, fn: cst.FunctionDef) -> bool:
    """Whether ``fn`` makes a FIFOQueue or RandomShuffleQueue, enqueues one of its parameters and dequeues (a cheap
    look: a helper whose queue its own readers fill, ``prefetch_helper.py``'s, is no stage)."""
    params = {p.name.value for p in fn.params.params}
    made = dequeued = given = chunked = refilled = False
    for node in _walk(fn):
        if not isinstance(node, cst.Call):
            continue
        if home.is_api(node, *_QUEUES):
            made = True
        if isinstance(node.func, cst.Attribute) and node.func.attr.value == "dequeue":
            dequeued = True
        if isinstance(node.func, cst.Attribute) and node.func.attr.value == "enqueue" and len(node.args) == 1 and \
                isinstance(node.args[0].value, cst.Name) and node.args[0].value.value in params:
            given = True
        if isinstance(node.func, cst.Attribute) and node.func.attr.value == "dequeue_many" and \
                isinstance(node.func.value, cst.Name) and node.func.value.value in params:
            chunked = True  # (the chunk form: the parameter is a queue whose chunks fill this one)
        if isinstance(node.func, cst.Attribute) and node.func.attr.value == "enqueue_many":
            refilled = True
    return made and dequeued and (given or chunked and refilled)


def is_stage_helper(finder, fn: cst.FunctionDef) -> bool:
    """Whether ``fn`` (as written: a static method's decorator allowed) is a queue stage on the pattern."""
    if not _is_queue_stage(finder, fn):
        return False
    try:
        stage_pattern(finder, fn)
    except Refusal:
        return False
    return True


def _walk(node: cst.CSTNode):
    stack = [node]
    while stack:
        n = stack.pop()
        yield n
        stack.extend(n.children)


def stage_pattern(home, fn: cst.FunctionDef, forwarded: list[str] | None = None):
    """(kind, the queue's bound arguments, the parameter whose tensors go in, the helper's constants) of a stage
    helper; Refusal naming the statement that is off the pattern. ``forwarded``: the keywords a call hands the
    helper's ``**kwargs`` (each becomes the queue's argument ``forwarded_name(key)``, which the call binds); None:
    the helper alone, whatever its calls forward. The chunk form (``chunk = queue.dequeue_many(k)``,
    ``q.enqueue_many([chunk])``) binds ``args["dequeue_many"]`` to ``k`` and gives the queue parameter."""
    from tfdata_bridge._src.migrate.helpers import _bindings, _constants, _unscoped
    from tfdata_bridge._src.migrate.queue_runners import runner_call

    name = fn.name.value
    if fn.decorators and not all(isinstance(d.decorator, cst.Name) and d.decorator.value == "staticmethod"
                                 for d in fn.decorators) or fn.asynchronous:
        raise Refusal(f"the queue helper `{name}` is decorated or async")
    body = list(fn.body.body) if isinstance(fn.body, cst.IndentedBlock) else []
    if body and isinstance(body[0], cst.SimpleStatementLine) and isinstance(body[0].body[0], cst.Expr) and \
            isinstance(body[0].body[0].value, (cst.SimpleString, cst.ConcatenatedString)):
        body = body[1:]  # its docstring
    body = _unscoped(home, body)  # (``with tf.name_scope(name, values=tensors):`` around it: a graph scope only)
    params = [p.name.value for p in fn.params.params]
    queue_stmt = qname = kind = None
    for s in body:
        small = s.body[0] if isinstance(s, cst.SimpleStatementLine) and len(s.body) == 1 else None
        if isinstance(small, cst.Assign) and len(small.targets) == 1 and isinstance(small.targets[0].target, cst.Name) \
                and home.is_api(small.value, *_QUEUES):
            if queue_stmt is not None:
                raise Refusal(f"`{name}` makes more than one queue (line {_line(home, s)})")
            queue_stmt, qname, kind = s, small.targets[0].target.value, home.is_api(small.value, *_QUEUES)
    if queue_stmt is None:
        raise Refusal(f"`{name}` makes no FIFOQueue or RandomShuffleQueue assigned to a name")
    star = fn.params.star_kwarg.name.value if isinstance(fn.params.star_kwarg, cst.Param) else None
    dict_tests: list[str] = []
    args = bind_params(_spread_kwargs(queue_stmt.body[0].value, kind, name, _line(home, queue_stmt), star, forwarded,
                                      dict_tests), _QUEUES[kind], kind)
    spread = sum(a.star == "**" and isinstance(a.value, cst.Name) and a.value.value == star
                 for a in queue_stmt.body[0].value.args) if star is not None else 0
    if spread and sum(isinstance(n, cst.Name) and n.value == star for n in _walk(fn.body)) != spread:
        raise Refusal(f"`{name}` reads its `**{star}` beyond handing it to its `{kind}` (line "
                      f"{_line(home, queue_stmt)}): what the queue is given is not the call's keywords")
    open_kwargs = spread and forwarded is None
    shared = args.get("shared_name")
    passed = set(params) | {forwarded_name(k) for k in forwarded or ()}
    if isinstance(shared, cst.Name) and shared.value in passed and \
            shared.value not in {n for s in body for n in _bindings(s)}:
        pass  # a parameter, as each call gives it (``shared_name_of``: a call giving it a name is refused)
    elif not is_none(shared):
        raise Refusal(f"the `{kind}` of `{name}` (line {_line(home, queue_stmt)}) takes `shared_name`: shared with "
                      "other graphs, not a stage of one chain")
    # (``names=``: the queue takes and gives a dict with exactly those keys, the dict it was given: the element
    # passes as it is; ``seed=``: the chain's shuffle takes it; ``shapes=``/``dtypes=``: the queue checks the
    # tensors it is given against them, the same tensors tf.data hands on)
    if "capacity" not in args and not open_kwargs:  # (``**kwargs``: each call's keywords, ``stage_of_call``)
        raise Refusal(f"the `{kind}` of `{name}` has no capacity")
    enq_name = given = out_name = chunk_name = None
    inline_enq = None  # ``QueueRunner(q, [q.enqueue(x)] * k)``: the enqueue op written in the runner's list
    runner_seen = False
    shaped: list[cst.CSTNode] = []
    computed: list[cst.CSTNode] = []
    ret = None
    simple = [s for s in body if isinstance(s, cst.SimpleStatementLine)]
    for s in body:
        if s is queue_stmt:
            continue
        at = _line(home, s)
        if isinstance(s, (cst.For, cst.If)) and _only_set_shape(s):
            shaped.append(s)  # static shapes given back to the dequeued tensors: tf.data's elements keep theirs
            continue          # (a loop, or one under ``if isinstance(out, dict):``)
        if isinstance(s, cst.If) and queue_stmt in body and body.index(s) < body.index(queue_stmt) and \
                _only_values(s) and not (names_in(s) & {qname}):
            computed.append(s)  # values the queue's arguments read, chosen by an ``if`` (dtypes, shapes, names)
            continue
        small = s.body[0] if isinstance(s, cst.SimpleStatementLine) and len(s.body) == 1 else None
        value = getattr(small, "value", None)
        if isinstance(small, cst.Return):
            ret = s
            continue
        if chunk_name is None and given is None and isinstance(small, cst.Assign) and len(small.targets) == 1 and \
                isinstance(small.targets[0].target, cst.Name) and isinstance(value, cst.Call) and \
                isinstance(value.func, cst.Attribute) and value.func.attr.value == "dequeue_many" and \
                isinstance(value.func.value, cst.Name) and value.func.value.value in params:
            count = plain_arg(value, 0, "n")
            if count is None or len(value.args) != 1:
                raise Refusal(f"the `dequeue_many` at line {at} of `{name}` takes more than its count")
            chunk_name, given = small.targets[0].target.value, value.func.value.value
            args["dequeue_many"] = count
            continue
        if chunk_name is not None and isinstance(value, cst.Call) and isinstance(value.func, cst.Attribute) and \
                isinstance(value.func.value, cst.Name) and value.func.value.value == qname and \
                value.func.attr.value == "enqueue_many" and isinstance(small, cst.Assign) and enq_name is None and \
                len(small.targets) == 1 and isinstance(small.targets[0].target, cst.Name) and len(value.args) == 1 \
                and not value.args[0].star and value.args[0].keyword is None and _one_chunk(value.args[0].value,
                                                                                            chunk_name):
            enq_name = small.targets[0].target.value  # (the chunk's rows, one element each)
            continue
        if isinstance(value, cst.Call) and isinstance(value.func, cst.Attribute) and \
                isinstance(value.func.value, cst.Name) and value.func.value.value == qname:
            op = value.func.attr.value
            if op == "enqueue" and isinstance(small, cst.Assign) and len(value.args) == 1 and \
                    isinstance(value.args[0].value, cst.Name) and value.args[0].value.value in params and \
                    isinstance(small.targets[0].target, cst.Name) and enq_name is None:
                enq_name, given = small.targets[0].target.value, value.args[0].value.value
                continue
            if op == "dequeue" and not value.args and isinstance(small, cst.Assign) and \
                    isinstance(small.targets[0].target, cst.Name) and out_name is None:
                out_name = small.targets[0].target.value
                continue
            raise Refusal(f"`{name}` uses its queue `{qname}` by `{op}` at line {at}: a stage's queue is only "
                          "enqueued with the helper's tensors once, run by its QueueRunner, and dequeued once")
        try:
            inner, registered = runner_call(home, s, simple) if isinstance(s, cst.SimpleStatementLine) else (None, [])
        except Refusal as exc:
            raise Refusal(f"{exc} (line {at} of `{name}`)") from None
        if inner is not None:
            ops = inner.args[1].value
            if not (isinstance(inner.args[0].value, cst.Name) and inner.args[0].value.value == qname) or not (
                    isinstance(ops, cst.BinaryOperation) and isinstance(ops.operator, cst.Multiply)
                    and isinstance(ops.left, cst.List) or isinstance(ops, cst.List)):
                raise Refusal(f"the QueueRunner at line {at} of `{name}` is not `QueueRunner({qname}, [op] * k)`")
            listed = ops.left if isinstance(ops, cst.BinaryOperation) else ops
            written = {cst.Module([]).code_for_node(e.value) for e in listed.elements}
            inline = listed.elements[0].value if len(written) == 1 and listed.elements else None
            if enq_name is None and given is None and isinstance(inline, cst.Call) and \
                    isinstance(inline.func, cst.Attribute) and inline.func.attr.value == "enqueue" and \
                    isinstance(inline.func.value, cst.Name) and inline.func.value.value == qname and \
                    len(inline.args) == 1 and not inline.args[0].star and inline.args[0].keyword is None and \
                    isinstance(inline.args[0].value, cst.Name) and inline.args[0].value.value in params:
                # (``[q.enqueue(x)] * k``: one op, made once when the list is made, run by k threads)
                enq_name = written.pop()
                given, inline_enq = inline.args[0].value.value, inline
                written = {enq_name}
            if written != {enq_name}:  # (``[op, op]``: two threads running the one op, as ``[op] * 2``)
                raise Refusal(f"the QueueRunner at line {at} of `{name}` runs other ops than `{qname}`'s one enqueue")
            runner_seen = True
            shaped.extend(registered)  # (its registration: goes with the helper)
            continue
        if s in shaped:
            continue
        if isinstance(small, cst.Assign) and not (names_in(small.value) & {qname, enq_name, out_name} - {None}):
            continue  # a value the queue's arguments may read (its constants, ``_constants``)
        if isinstance(small, cst.Expr) and isinstance(value, cst.Call) and \
                (home.api(value) or "").split(".")[-2:-1] == ["logging"]:
            continue  # a log line
        if qname in names_in(s):
            raise Refusal(f"`{name}` uses its queue `{qname}` at line {at}: a stage's queue is only enqueued with the "
                          "helper's tensors once, run by its QueueRunner, and dequeued once")
        raise Refusal(f"`{name}` does more at line {at} than make its queue, enqueue its tensors, run them by a "
                      "QueueRunner and return the dequeue")
    if chunk_name is not None and (enq_name is None or not is_none(args.get("names"))):
        raise Refusal(f"`{name}`'s queue `{qname}` is not filled by one `enqueue_many([{chunk_name}])` of the chunk "
                      "its parameter's queue gives (and no `names`): the rows of a chunk, one element each")
    if given is None or not runner_seen:
        raise Refusal(f"`{name}`'s queue `{qname}` is not filled from one of its parameters by one enqueue op run "
                      "by a QueueRunner")
    wrong = [t for t in dict_tests if t != given]
    if wrong:
        raise Refusal(f"the `names` of `{name}`'s `{kind}` (line {_line(home, queue_stmt)}) are chosen by "
                      f"`isinstance({wrong[0]}, dict)`, not by what it enqueues (`{given}`): the queue takes a dict "
                      "with `names` alone")
    if dict_tests:  # (``names`` only where it is given a dict: ``queue_stages.Stage.names_chosen``)
        args[NAMES_IF_DICT] = cst.Name("True")
    returned = ret.body[0].value if ret is not None else None
    ok = isinstance(returned, cst.Name) and returned.value == out_name or (
        isinstance(returned, cst.Call) and isinstance(returned.func, cst.Attribute) and not returned.args
        and returned.func.attr.value == "dequeue" and isinstance(returned.func.value, cst.Name)
        and returned.func.value.value == qname and out_name is None)
    if not ok or ret is not body[-1]:
        raise Refusal(f"`{name}` does not end by returning its queue's dequeue")
    rebound = {n for s in body for n in _bindings(s)} & set(params)
    for s in body:  # (what goes in is the parameter as given: ``tensors = list(tensors)`` changes no element)
        small = s.body[0] if isinstance(s, cst.SimpleStatementLine) and len(s.body) == 1 else None
        if given in _bindings(s) and not (isinstance(small, cst.Assign) and len(small.targets) == 1 and
                                          isinstance(small.targets[0].target, cst.Name) and _listed(small.value, given)):
            raise Refusal(f"`{name}` gives its `{given}` a new value at line {_line(home, s)}: what its queue takes is "
                          "not what the call hands it")
    for key in ("capacity", "min_after_dequeue", "seed", "dequeue_many", "shared_name"):
        hit = names_in(args[key]) & (rebound - {given}) if key in args else set()
        if hit:
            raise Refusal(f"the `{key}` of `{name}`'s `{kind}` (line {_line(home, queue_stmt)}) reads its parameter "
                          f"`{sorted(hit)[0]}`, which `{name}` gives a new value: not what the call hands it")
    chosen = {n for c in computed for n in _bindings(c)}
    for key in ("capacity", "min_after_dequeue", "seed", "dequeue_many"):
        hit = names_in(args[key]) & chosen if key in args else set()
        if hit:
            raise Refusal(f"the `{key}` of `{name}`'s `{kind}` (line {_line(home, queue_stmt)}) reads "
                          f"`{sorted(hit)[0]}`, which an `if` in `{name}` chooses: the chain's shuffle cannot read it")
    return kind, args, given, _constants(body, queue_stmt, {})


# the key of ``stage_pattern``'s queue arguments saying its ``names`` are taken only where the helper is given a dict
# (``**({"names": n} if isinstance(tensors, dict) else {})``): otherwise its queue takes a list or one tensor
NAMES_IF_DICT = "(names if a dict)"

# arguments a queue takes that change nothing its chain does: ``names`` (it takes and gives the dict it is given,
# as a queue without names takes and gives the list), ``name`` (the op's name)
_NEUTRAL = frozenset({"names", "name"})


def forwarded_name(key: str) -> str:
    """The name a queue's argument ``key`` handed on by the helper's ``**kwargs`` is bound to (by each call)."""
    return f"__kwargs_{key}__"


def _listed(value: cst.BaseExpression, name: str) -> bool:
    """Whether ``value`` is ``list(name)`` or ``tuple(name)``: the same tensors, in a sequence."""
    return isinstance(value, cst.Call) and isinstance(value.func, cst.Name) and value.func.value in ("list", "tuple") \
        and len(value.args) == 1 and not value.args[0].star and value.args[0].keyword is None and \
        isinstance(value.args[0].value, cst.Name) and value.args[0].value.value == name


def _one_chunk(value: cst.BaseExpression, chunk: str) -> bool:
    """Whether ``value`` (what ``enqueue_many`` takes) is the chunk alone: ``chunk``, ``[chunk]`` or ``(chunk,)``."""
    if isinstance(value, (cst.List, cst.Tuple)) and len(value.elements) == 1 and \
            isinstance(value.elements[0], cst.Element):
        value = value.elements[0].value
    return isinstance(value, cst.Name) and value.value == chunk


def _literal_keys(d: cst.BaseExpression) -> dict[str, cst.BaseExpression] | None:
    """``{"k": v, ...}`` by its keys (identifiers, each once); None for anything else."""
    if not isinstance(d, cst.Dict):
        return None
    out: dict[str, cst.BaseExpression] = {}
    for e in d.elements:
        key = e.key.evaluated_value if isinstance(e, cst.DictElement) and isinstance(e.key, cst.SimpleString) else None
        if not (isinstance(key, str) and key.isidentifier()) or key in out:
            return None
        out[key] = e.value
    return out


def _dict_test(test: cst.BaseExpression, named_when_true: bool) -> str | None:
    """``x`` where ``test`` is ``isinstance(x, dict)`` (``names`` on its true side) or ``not isinstance(x, dict)``
    (on its false side): the queue takes ``names`` exactly when it is given a dict; None for any other test."""
    if isinstance(test, cst.UnaryOperation) and isinstance(test.operator, cst.Not):
        test, named_when_true = test.expression, not named_when_true
    if named_when_true and isinstance(test, cst.Call) and isinstance(test.func, cst.Name) and \
            test.func.value == "isinstance" and len(test.args) == 2 and not any(a.star or a.keyword for a in test.args) \
            and isinstance(test.args[0].value, cst.Name) and isinstance(test.args[1].value, cst.Name) and \
            test.args[1].value.value == "dict":
        return test.args[0].value.value
    return None


def _spread_kwargs(call: cst.Call, kind: str, helper: str, line, star: str | None = None,
                   forwarded: list[str] | None = None, dict_tests: list[str] | None = None) -> cst.Call:
    """``call`` with a ``**{"k": v}`` written as ``k=v``, and ``**({"k": v} if v is not None else {})`` too (the
    same: ``None`` is each such argument's default); ``**(A if c else B)`` of two dict literals as the keys they
    agree on, a key of one side alone taken where it changes nothing in the chain (``names``, ``name``);
    ``**kwargs`` of the helper's own ``**kwargs`` as the keys each call hands it (``forwarded``: each bound to
    ``forwarded_name(key)``; None: nothing yet). A ``names`` of one side is taken where ``isinstance(x, dict)``
    chooses it (``dict_tests`` gets ``x``, which must be what the queue is given). Any other ``**`` or ``*`` is
    refused, naming it or its key."""
    args: list[cst.Arg] = []
    code = cst.Module([]).code_for_node
    dict_tests = [] if dict_tests is None else dict_tests
    for a in call.args:
        if not a.star:
            args.append(a)
            continue
        value = a.value
        if a.star == "**" and star is not None and isinstance(value, cst.Name) and value.value == star:
            args.extend(cst.Arg(cst.Name(forwarded_name(k)), keyword=cst.Name(k)) for k in forwarded or ())
            continue
        if a.star == "**" and isinstance(value, cst.IfExp) and isinstance(value.orelse, cst.Dict) and \
                not value.orelse.elements and isinstance(value.body, cst.Dict) and len(value.body.elements) == 1:
            test, el = value.test, value.body.elements[0]
            ok = isinstance(test, cst.Comparison) and len(test.comparisons) == 1 and \
                isinstance(test.comparisons[0].operator, cst.IsNot) and is_none(test.comparisons[0].comparator) and \
                isinstance(el, cst.DictElement) and code(test.left) == code(el.value)
            value = value.body if ok else value
        if a.star == "**" and isinstance(value, cst.IfExp):
            body, orelse = _literal_keys(value.body), _literal_keys(value.orelse)
            if body is not None and orelse is not None:
                for key in sorted(set(body) | set(orelse), key=lambda k: (k not in body, k)):
                    both = key in body and key in orelse
                    where = f"the `{kind}` of `{helper}` (line {line}) takes `**{code(a.value)}`: its `{key}`"
                    if both and code(body[key]) != code(orelse[key]) or not both and key not in _NEUTRAL:
                        raise Refusal(f"{where} depends on `{code(value.test)}`, and the chain's step would read it")
                    tested = None if both or key != "names" else _dict_test(value.test, key in body)
                    if not both and key == "names" and tested is None:
                        raise Refusal(f"{where} depends on `{code(value.test)}`: a queue takes a dict with `names` "
                                      "alone, so only `isinstance(tensors, dict)` choosing them is followed")
                    if tested is not None:
                        dict_tests.append(tested)  # (``stage_pattern``: the tensors it enqueues)
                    args.append(cst.Arg(body[key] if key in body else orelse[key], keyword=cst.Name(key)))
                continue
        if a.star == "**" and _literal_keys(value) is not None:
            args.extend(cst.Arg(v, keyword=cst.Name(k)) for k, v in _literal_keys(value).items())
            continue
        raise Refusal(f"the `{kind}` of `{helper}` (line {line}) takes `{a.star}{code(a.value)}`"
                      ": arguments the rewrite cannot name")
    return call.with_changes(args=args)


def _only_set_shape(stmt: cst.CSTNode) -> bool:
    """Whether every statement in ``stmt`` (a loop, an ``if`` without ``else`` branches of other kinds) is a
    ``x.set_shape(...)`` call."""
    if isinstance(stmt, cst.SimpleStatementLine):
        return all(isinstance(b, cst.Expr) and isinstance(b.value, cst.Call) and isinstance(b.value.func,
                   cst.Attribute) and b.value.func.attr.value == "set_shape" for b in stmt.body)
    if isinstance(stmt, (cst.For, cst.If)) and isinstance(stmt.body, cst.IndentedBlock) and stmt.body.body:
        orelse = stmt.orelse
        rest = [] if orelse is None else [orelse] if isinstance(orelse, cst.If) else \
            list(orelse.body.body) if isinstance(orelse.body, cst.IndentedBlock) else [None]
        return all(_only_set_shape(b) for b in [*stmt.body.body, *rest])
    return False


def _only_values(stmt: cst.CSTNode) -> bool:
    """Whether every statement in the ``if`` ``stmt`` (and its ``else``) only assigns names (no call of the
    program's but pure reads: what it binds is read by the queue's arguments alone)."""
    if isinstance(stmt, cst.SimpleStatementLine):
        return all(isinstance(b, cst.Assign) and all(isinstance(t.target, (cst.Name, cst.Tuple, cst.List))
                                                     for t in b.targets) for b in stmt.body)
    if isinstance(stmt, cst.If) and isinstance(stmt.body, cst.IndentedBlock):
        orelse = stmt.orelse
        rest = [] if orelse is None else [orelse] if isinstance(orelse, cst.If) else \
            list(orelse.body.body) if isinstance(orelse.body, cst.IndentedBlock) else [None]
        return all(_only_values(b) for b in [*stmt.body.body, *rest])
    return False


__all__ = ["NAMES_IF_DICT", "calls_queue_helper", "forwarded_name", "helper_of", "is_stage_helper", "stage_pattern"]
