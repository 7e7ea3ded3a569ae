"""A hand-built queue filled by one enqueue op per turn of a loop, each over a pipeline of its own (round 26's
actor-per-shard replay buffer), written as the join it is:

    queue = tf.FIFOQueue(capacity, dtypes, shapes=...)    # or RandomShuffleQueue(capacity, min_after_dequeue, ...)
    ops = []
    for i in range(k):                                     # or ``ops = [queue.enqueue(make(x)) for x in xs]``
        a, b = make(shards[i], i)                          # (or ``ops.append(queue.enqueue(make(...)))``)
        ops.append(queue.enqueue([a, b]))
    tf.train.add_queue_runner(tf.train.QueueRunner(queue, ops))
    batch = queue.dequeue_many(n)                          # or dequeue_up_to(n)

Legacy runs one runner thread per op, each enqueuing what its own turn's pipeline makes; the threads compete for
the queue, so the dequeued batches hold every turn's elements once, interleaved as the threads' timing decides,
and the queue ends when every op has ended. That is what ``batch_join`` (``shuffle_batch_join`` for a
RandomShuffleQueue) over the per-turn lists builds: the same queue (capacity, shapes, min_after_dequeue, seed),
one enqueue op and thread per list, the same dequeue. So the form writes

    ops = []
    for i in range(k):
        ops.append(make(shards[i], i))
    batch = tf.train.batch_join(ops, n, capacity=..., shapes=...)

and the join of lists one function makes (``join_lists.py``) does the rest, or says why not. The form is only
written where nothing else touches the queue, the ops list or the unpacked tensors, and where the queue's
``shared_name`` can go (``shared_names.py``); anything else keeps the queue and its note (``runner_queue.py``).
"""

from __future__ import annotations

import libcst as cst

from tfdata_bridge._src.migrate.calls import Refusal, bind_params, is_none, names_in, nodes_of, v1_prefix
from tfdata_bridge._src.migrate.walk import Visitor

_QUEUES = {"RandomShuffleQueue": ("capacity", "min_after_dequeue", "dtypes", "shapes", "names", "seed",
                                  "shared_name", "name"),
           "FIFOQueue": ("capacity", "dtypes", "shapes", "names", "shared_name", "name")}


def join_enqueue_loops(module: cst.Module, external=None) -> cst.Module:
    """``module`` with each queue filled by per-turn enqueue ops written as a join over the turns' lists (the
    same module object when there is none)."""
    if not any(isinstance(c.func, cst.Attribute) and c.func.attr.value in ("enqueue", "enqueue_many")
               for c in nodes_of(module, cst.Call)):
        return module
    v1 = v1_prefix(module)
    if v1 is None:
        return module
    from tfdata_bridge._src.migrate.to_tfdata import survey

    _, _, finder = survey(module, external)
    changes: dict[int, list[cst.BaseStatement]] = {}
    for block in [module, *nodes_of(module, cst.IndentedBlock)]:
        body = list(block.body)
        for stmt in body:
            try:
                found = _joined(finder, body, stmt, v1)
            except Refusal:
                found = None
            except (AttributeError, IndexError, KeyError, TypeError, ValueError):  # (a form off the pattern: kept)
                found = None
            if found is not None:
                changes.update(found)
    if not changes:
        return module
    return module.visit(StatementsReplaced(changes))


def _joined(finder, body: list[cst.BaseStatement], stmt: cst.BaseStatement, v1: str
            ) -> dict[int, list[cst.BaseStatement]] | None:
    """The changes (id(statement) -> what replaces it; [] removes it) writing the queue made at ``stmt`` as a
    join, or None: not that pattern."""
    if not (isinstance(stmt, cst.SimpleStatementLine) and len(stmt.body) == 1 and isinstance(stmt.body[0], cst.Assign)
            and len(stmt.body[0].targets) == 1 and isinstance(stmt.body[0].targets[0].target, cst.Name)):
        return None
    kind = finder.is_api(stmt.body[0].value, *_QUEUES)
    if kind is None:
        return None
    qname = stmt.body[0].targets[0].target.value
    scope = finder.scopes.scope(stmt)
    home = getattr(scope, "node", None)
    if home is None:
        return None
    # the queue's own uses: its assignment, the enqueue op, the runner, the dequeue (no more: a size, a close...)
    if _count(home, qname) != 4:
        return None
    args = bind_params(stmt.body[0].value, _QUEUES[kind], kind)
    if not is_none(args.get("names")) or is_none(args.get("capacity")) or \
            kind == "RandomShuffleQueue" and is_none(args.get("min_after_dequeue")):
        return None
    i = body.index(stmt)
    later = body[i + 1:]
    loop = next((s for s in later if _enqueues(s, qname)), None)
    if loop is None:
        return None
    made = _loop_lists(finder, body, loop, qname, home)
    if made is None:
        return None
    ops, new_loop, many = made
    runner = next((s for s in later if _runs(finder, s, qname, ops)), None)
    made_runner = None
    if runner is None:  # ``qr = QueueRunner(queue, ops)``, then ``add_queue_runner(qr)``, ``qr`` read there alone
        made_runner = next((s for s in later if _made_runner(finder, s, qname, ops)), None)
        rname = made_runner.body[0].targets[0].target.value if made_runner is not None else None
        runner = next((s for s in later if rname and _added(finder, s, rname)), None)
        if runner is None or _count(home, rname) != 2 or body.index(made_runner) > body.index(runner):
            return None
    dequeue = next((s for s in later if _dequeue(s, qname) is not None), None)
    plain = None
    if dequeue is None and kind == "FIFOQueue":  # ``a, b = queue.dequeue()`` batched whole by the next batch call
        plain = _plain_batch(finder, body, later, qname, home, args)
        if plain is not None:
            dequeue = plain[0]
    if runner is None or dequeue is None or not body.index(loop) < body.index(runner) < body.index(dequeue):
        return None
    if _count(home, ops) != (3 if isinstance(loop, cst.For) else 2):  # (made, appended to, run: no more)
        return None
    end = dequeue if plain is None else plain[1]
    # the queue's arguments move to the dequeue: no name they read may be bound again on the way
    moved = set().union(*(names_in(v) for k, v in args.items() if k in ("capacity", "min_after_dequeue", "seed",
                                                                         "shapes") and not is_none(v)))
    if moved & set().union(*(_bound(s) for s in body[i + 1:body.index(end)])):
        return None
    from tfdata_bridge._src.migrate.shared_names import dropped_shared_name

    if plain is not None:
        shared = dropped_shared_name(finder, stmt, kind, args.get("shared_name"))
        _, batch, api, parts = plain
        words = (f"tfdata-bridge migrate: `{qname}` (a {kind}) filled by one enqueue op per turn of the loop, one "
                 f"runner thread each, and read by `dequeue()` into this `{api.replace('_join', '')}`, is the "
                 f"`{api}` of the turns' lists")
        return {id(stmt): [], id(loop): [new_loop], id(runner): [], id(dequeue): [], id(batch): [_with_value(
            batch, f"{v1}.train.{api}({', '.join([ops, *parts])})", words, shared)],
            **({id(made_runner): []} if made_runner is not None else {})}
    method, count, up_to = _dequeue(dequeue, qname)
    shared = dropped_shared_name(finder, stmt, kind, args.get("shared_name"))  # (Refusal: kept, with its note)
    api = "shuffle_batch_join" if kind == "RandomShuffleQueue" else "batch_join"
    code = finder.code
    parts = [ops, code(count), f"capacity={code(args['capacity'])}"]
    if kind == "RandomShuffleQueue":
        parts.append(f"min_after_dequeue={code(args['min_after_dequeue'])}")
        if not is_none(args.get("seed")):
            parts.append(f"seed={code(args['seed'])}")
    if many:
        parts.append("enqueue_many=True")
    if not is_none(args.get("shapes")):
        parts.append(f"shapes={code(args['shapes'])}")
    if up_to:
        parts.append("allow_smaller_final_batch=True")
    small = dequeue.body[0]
    joined = cst.parse_expression(f"{v1}.train.{api}({', '.join(parts)})")
    new_small = small.with_changes(value=joined)
    words = (f"tfdata-bridge migrate: `{qname}` (a {kind}) filled by one enqueue op per turn of the loop, one runner "
             f"thread each, and read by `{method}`, is the `{api}` of the turns' lists")
    if shared:
        words += f"; {shared}"
    lines = [cst.EmptyLine(comment=cst.Comment("# " + line)) for line in _wrap(words)]
    new_dequeue = dequeue.with_changes(body=[new_small], leading_lines=[*dequeue.leading_lines, *lines])
    changes = {id(stmt): [], id(loop): [new_loop], id(runner): [], id(dequeue): [new_dequeue]}
    if made_runner is not None:
        changes[id(made_runner)] = []
    return changes


_BATCHES = {"train.batch": ("tensors", "batch_size", "num_threads", "capacity", "enqueue_many", "shapes",
                            "dynamic_pad", "allow_smaller_final_batch", "shared_name", "name"),
            "train.shuffle_batch": ("tensors", "batch_size", "capacity", "min_after_dequeue", "num_threads", "seed",
                                    "enqueue_many", "shapes", "allow_smaller_final_batch", "shared_name", "name")}


def _plain_batch(finder, body, later, qname: str, home: cst.CSTNode, qargs: dict):
    """(the dequeue, the batch statement, the join's api, its arguments after the lists) for ``a, b =
    queue.dequeue()`` whose tensors one later ``train.batch`` / ``shuffle_batch`` takes whole, in order, and
    nothing else reads: the batch's own queue then takes the per-turn ops' elements as a join's would; None:
    not that."""
    dequeue = next((s for s in later if isinstance(s, cst.SimpleStatementLine) and len(s.body) == 1 and
                    isinstance(s.body[0], cst.Assign) and len(s.body[0].targets) == 1 and
                    isinstance(s.body[0].value, cst.Call) and not s.body[0].value.args and
                    isinstance(s.body[0].value.func, cst.Attribute) and
                    s.body[0].value.func.attr.value == "dequeue" and
                    isinstance(s.body[0].value.func.value, cst.Name) and
                    s.body[0].value.func.value.value == qname), None)
    if dequeue is None:
        return None
    target = dequeue.body[0].targets[0].target
    names = _names_of(target) or ([target.value] if isinstance(target, cst.Name) else None)
    if names is None:
        return None
    at = body.index(dequeue)
    own = home.body.body if isinstance(home, cst.FunctionDef) else getattr(home, "body", None)
    for k, stmt in enumerate(body[at + 1:], at + 1):
        small = stmt.body[0] if isinstance(stmt, cst.SimpleStatementLine) and len(stmt.body) == 1 else None
        value = small.value if isinstance(small, (cst.Assign, cst.Return)) else None
        api = finder.is_api(value, *_BATCHES) if isinstance(value, cst.Call) else None
        if api is None:
            if set(names) & names_in(stmt):
                return None
            continue
        try:
            bound = bind_params(value, _BATCHES[f"train.{api}"], api)
        except Refusal:
            return None
        if _names_of(bound.get("tensors")) != names and not (
                len(names) == 1 and isinstance(bound.get("tensors"), (cst.List, cst.Tuple)) and
                [getattr(e.value, "value", None) for e in bound["tensors"].elements] == names):
            return None
        for n in names:  # read by the batch's list alone, here and after (a name bound again later is another)
            if _count(stmt, n) != 1 or _count(home, n) != 2 and (
                    own is None or list(own) != list(body) or _read_live(body[k + 1:], n) or
                    any(n in names_in(f) for f in _nested(home))):
                return None
        for bad in ("enqueue_many", "dynamic_pad", "shared_name"):
            if not is_none(bound.get(bad)) and finder.code(bound[bad]) != "False":
                return None
        shapes = bound.get("shapes")
        if is_none(shapes):
            shapes = qargs.get("shapes")
        elif not is_none(qargs.get("shapes")) and finder.code(shapes) != finder.code(qargs["shapes"]):
            return None
        code = finder.code
        parts = [code(bound["batch_size"]), f"capacity={code(bound['capacity']) if 'capacity' in bound else '32'}"]
        if api == "shuffle_batch":
            parts.append(f"min_after_dequeue={code(bound['min_after_dequeue'])}")
            if not is_none(bound.get("seed")):
                parts.append(f"seed={code(bound['seed'])}")
        if not is_none(shapes):
            parts.append(f"shapes={code(shapes)}")
        if not is_none(bound.get("allow_smaller_final_batch")):
            parts.append(f"allow_smaller_final_batch={code(bound['allow_smaller_final_batch'])}")
        return dequeue, stmt, f"{api}_join", parts
    return None


def _with_value(stmt: cst.SimpleStatementLine, value: str, words: str, shared: str | None) -> cst.SimpleStatementLine:
    """``stmt`` (one assignment or return) with ``value``, headed by the comment ``words``."""
    if shared:
        words += f"; {shared}"
    lines = [cst.EmptyLine(comment=cst.Comment("# " + line)) for line in _wrap(words)]
    return stmt.with_changes(body=[stmt.body[0].with_changes(value=cst.parse_expression(value))],
                             leading_lines=[*stmt.leading_lines, *lines])


def _bound(node: cst.CSTNode) -> set[str]:
    """Names ``node`` binds (assignment, loop, ``with ... as``, ``:=`` targets; ``del``; nested definitions)."""
    out: set[str] = set()
    for kind, get in ((cst.AssignTarget, lambda n: n.target), (cst.AugAssign, lambda n: n.target),
                      (cst.AnnAssign, lambda n: n.target), (cst.For, lambda n: n.target),
                      (cst.CompFor, lambda n: n.target), (cst.AsName, lambda n: n.name),
                      (cst.NamedExpr, lambda n: n.target), (cst.Del, lambda n: n.target)):
        for n in nodes_of(node, kind):
            out |= names_in(get(n))
    for kind in (cst.FunctionDef, cst.ClassDef):
        out |= {n.name.value for n in nodes_of(node, kind)}
    return out


def _wrap(text: str, width: int = 108) -> list[str]:
    out, line = [], ""
    for word in text.split(" "):
        if line and len(line) + 1 + len(word) > width:
            out.append(line)
            line = word
        else:
            line = f"{line} {word}" if line else word
    return [*out, line]


def _enqueue_call(expr: cst.BaseExpression | None, qname: str) -> cst.Call | None:
    """``qname.enqueue(x)`` / ``qname.enqueue_many(x)`` (an op ``name=`` aside), or None."""
    if not (isinstance(expr, cst.Call) and isinstance(expr.func, cst.Attribute) and
            isinstance(expr.func.value, cst.Name) and expr.func.value.value == qname and
            expr.func.attr.value in ("enqueue", "enqueue_many")):
        return None
    pos = [a for a in expr.args if a.keyword is None]
    kws = [a for a in expr.args if a.keyword is not None]
    if len(pos) != 1 or pos[0].star or any(a.keyword.value != "name" for a in kws):
        return None
    return expr


def _enqueues(stmt: cst.BaseStatement, qname: str) -> bool:
    return any(_enqueue_call(c, qname) is not None for c in nodes_of(stmt, cst.Call))


def _loop_lists(finder, body, loop: cst.BaseStatement, qname: str, home: cst.CSTNode):
    """(the ops list's name, the statement making the per-turn lists instead, enqueue_many) for the loop (or comprehension) making the enqueue ops; None: not one."""
    if isinstance(loop, cst.SimpleStatementLine):  # ``ops = [queue.enqueue(make(x)) for x in xs]``
        small = loop.body[0] if len(loop.body) == 1 else None
        if not (isinstance(small, cst.Assign) and len(small.targets) == 1 and isinstance(small.targets[0].target,
                                                                                      cst.Name)):
            return None
        comp = small.value
        if not isinstance(comp, cst.ListComp) or comp.for_in.inner_for_in is not None or comp.for_in.ifs:
            return None
        call = _enqueue_call(comp.elt, qname)
        if call is None or not _made_by_call(call.args[0].value):
            return None
        new = loop.with_changes(body=[small.with_changes(value=comp.with_changes(elt=call.args[0].value))])
        return small.targets[0].target.value, new, call.func.attr.value == "enqueue_many"
    if not isinstance(loop, cst.For) or loop.orelse is not None or not isinstance(loop.body, cst.IndentedBlock):
        return None
    block = list(loop.body.body)
    last = block[-1] if block else None
    if not (isinstance(last, cst.SimpleStatementLine) and len(last.body) == 1 and isinstance(last.body[0], cst.Expr)):
        return None
    append = last.body[0].value
    if not (isinstance(append, cst.Call) and isinstance(append.func, cst.Attribute) and
            append.func.attr.value == "append" and isinstance(append.func.value, cst.Name) and len(append.args) == 1):
        return None
    ops = append.func.value.value
    call = _enqueue_call(append.args[0].value, qname)
    if call is None:
        return None
    start = finder.scopes.single_assignment(last, ops)
    if start is None or start not in body or body.index(start) > body.index(loop) or \
            not (isinstance(start.body[0], cst.Assign) and isinstance(start.body[0].value, cst.List)
                 and not start.body[0].value.elements):
        return None
    enqueued = call.args[0].value
    if len(block) == 1:  # ``ops.append(queue.enqueue(make(...)))``
        if not _made_by_call(enqueued):
            return None
        made = enqueued
    elif len(block) == 2:  # ``a, b = make(...)`` (or ``x = make(...)``), then ``ops.append(queue.enqueue([a, b]))``
        first = block[0]
        if not (isinstance(first, cst.SimpleStatementLine) and len(first.body) == 1 and
                isinstance(first.body[0], cst.Assign) and len(first.body[0].targets) == 1):
            return None
        target, made = first.body[0].targets[0].target, first.body[0].value
        if not isinstance(made, cst.Call) or not isinstance(made.func, (cst.Name, cst.Attribute)):
            return None
        names = _names_of(target)
        if names is None and isinstance(target, cst.Name) and isinstance(enqueued, cst.Name) and \
                enqueued.value == target.value:  # ``x = make(...)``, then ``ops.append(queue.enqueue(x))``: whatever
            names = [target.value]               # ``make`` returns (one tensor, a list) is the turn's op's value
        elif names is None or _names_of(enqueued) != names:
            return None
        if set(names) & (names_in(made) | names_in(loop.target)):
            return None  # (a turn reading the tensors of the one before)
        rest = body[body.index(loop) + 1:]
        own = home.body.body if isinstance(home, cst.FunctionDef) else getattr(home, "body", None)
        for n in names:  # each unpacked tensor read by the enqueue alone (a name bound again later is another)
            if _count(home, n) != 2 and (own is None or list(own) != list(body) or _read_live(rest, n) or
                                         any(n in names_in(f) for f in _nested(home))):
                return None
    else:
        return None
    new_last = last.with_changes(body=[last.body[0].with_changes(value=append.with_changes(
        args=[append.args[0].with_changes(value=made)]))])
    new = loop.with_changes(body=loop.body.with_changes(body=[new_last]))
    return ops, new, call.func.attr.value == "enqueue_many"


def _nested(home: cst.CSTNode) -> list[cst.CSTNode]:
    return [f for kind in (cst.FunctionDef, cst.Lambda, cst.ClassDef) for f in nodes_of(home, kind) if f is not home]


def _read_live(stmts, name: str) -> bool:
    """Whether ``stmts`` (run in order) may read ``name`` before binding it again: a read that could see the value
    it had before them. (True, the cautious answer, for anything not plainly a read or a new binding.)"""
    return _live(stmts, name)[0]


def _live(stmts, name: str) -> tuple[bool, bool]:
    """(may read the value ``name`` had before ``stmts``, binds it anew on every path through them)."""
    for s in stmts:
        if isinstance(s, cst.SimpleStatementLine):
            for small in s.body:
                if isinstance(small, cst.Assign):
                    if name in names_in(small.value):
                        return True, False
                    bound = [_names_of(t.target) or ([t.target.value] if isinstance(t.target, cst.Name) else None)
                             for t in small.targets]
                    if any(b is None and name in names_in(t.target) for b, t in zip(bound, small.targets)):
                        return True, False  # (``x[name] = ...``, ``name.attr = ...``: a read)
                    if any(b and name in b for b in bound):
                        return False, True
                elif name in names_in(small):
                    return True, False
        elif isinstance(s, cst.With) and isinstance(s.body, cst.IndentedBlock):
            if any(name in names_in(item) for item in s.items):
                return True, False
            live, killed = _live(list(s.body.body), name)
            if live or killed:
                return live, killed
        elif isinstance(s, (cst.While, cst.For, cst.If)) and isinstance(s.body, cst.IndentedBlock):
            head = s.test if isinstance(s, (cst.While, cst.If)) else s.iter
            if name in names_in(head) or isinstance(s, cst.For) and name in names_in(s.target):
                return True, False
            if _live(list(s.body.body), name)[0]:  # (a binding there may not run: not a kill)
                return True, False
            other = s.orelse
            while other is not None:
                if isinstance(other, cst.If):
                    if name in names_in(other.test) or _live(list(other.body.body), name)[0]:
                        return True, False
                    other = other.orelse
                else:
                    if _live(list(other.body.body), name)[0]:
                        return True, False
                    other = None
        elif isinstance(s, cst.Try):  # (a binding in its body may not run before a handler: not a kill)
            blocks = [s.body, *(h.body for h in s.handlers), *(b.body for b in (s.orelse, s.finalbody) if b)]
            if any(name in names_in(h.type) for h in s.handlers if h.type is not None) or \
                    any(h.name is not None and name in names_in(h.name) for h in s.handlers) or \
                    any(_live(list(b.body), name)[0] for b in blocks):
                return True, False
        elif name in names_in(s):
            return True, False
    return False, False


def _made_by_call(expr: cst.BaseExpression) -> bool:
    return isinstance(expr, cst.Call) and isinstance(expr.func, (cst.Name, cst.Attribute))


def _names_of(expr: cst.BaseExpression) -> list[str] | None:
    """The names of ``a, b`` / ``[a, b]`` / ``(a, b)`` (two or more), in order; None otherwise."""
    if not isinstance(expr, (cst.Tuple, cst.List)) or len(expr.elements) < 2:
        return None
    out = []
    for el in expr.elements:
        if isinstance(el, cst.StarredElement) or not isinstance(el.value, cst.Name):
            return None
        out.append(el.value.value)
    return out


def _added(finder, stmt: cst.BaseStatement, name: str | None = None) -> cst.BaseExpression | None:
    """The runner ``add_queue_runner(runner)`` adds (the default collection), one statement; with ``name``,
    only where the runner is that name."""
    if not (isinstance(stmt, cst.SimpleStatementLine) and len(stmt.body) == 1 and isinstance(stmt.body[0], cst.Expr)):
        return None
    add = stmt.body[0].value
    if not (isinstance(add, cst.Call) and (finder.api(add) or "").rsplit(".", 1)[-1] == "add_queue_runner"
            and len(add.args) == 1 and add.args[0].keyword is None and not add.args[0].star):
        return None
    inner = add.args[0].value
    if name is not None and not (isinstance(inner, cst.Name) and inner.value == name):
        return None
    return inner


def _made_runner(finder, stmt: cst.BaseStatement, qname: str, ops: str) -> bool:
    """``qr = QueueRunner(qname, ops)``."""
    return isinstance(stmt, cst.SimpleStatementLine) and len(stmt.body) == 1 and \
        isinstance(stmt.body[0], cst.Assign) and len(stmt.body[0].targets) == 1 and \
        isinstance(stmt.body[0].targets[0].target, cst.Name) and _runner_of(finder, stmt.body[0].value, qname, ops)


def _runs(finder, stmt: cst.BaseStatement, qname: str, ops: str) -> bool:
    """``add_queue_runner(QueueRunner(qname, ops))`` (the default collection), one statement."""
    return _runner_of(finder, _added(finder, stmt), qname, ops)


def _runner_of(finder, inner: cst.BaseExpression | None, qname: str, ops: str) -> bool:
    """``QueueRunner(qname, ops)`` (positional or by keyword), nothing more."""
    if not (isinstance(inner, cst.Call) and (finder.api(inner) or "").rsplit(".", 1)[-1] == "QueueRunner"):
        return False
    try:
        bound = bind_params(inner, ("queue", "enqueue_ops"), "QueueRunner")
    except Refusal:
        return False
    q, o = bound.get("queue"), bound.get("enqueue_ops")
    return len(inner.args) == 2 and isinstance(q, cst.Name) and q.value == qname and isinstance(o, cst.Name) \
        and o.value == ops


def _dequeue(stmt: cst.BaseStatement, qname: str):
    """(method, count, up_to) of ``x = qname.dequeue_many(n)`` / ``dequeue_up_to(n)``, or that value returned
    (an op ``name=`` aside)."""
    if not (isinstance(stmt, cst.SimpleStatementLine) and len(stmt.body) == 1 and (
            isinstance(stmt.body[0], cst.Assign) and len(stmt.body[0].targets) == 1 or
            isinstance(stmt.body[0], cst.Return))):
        return None
    call = stmt.body[0].value
    if not (isinstance(call, cst.Call) and isinstance(call.func, cst.Attribute) and
            isinstance(call.func.value, cst.Name) and call.func.value.value == qname and
            call.func.attr.value in ("dequeue_many", "dequeue_up_to")):
        return None
    try:
        bound = bind_params(call, ("n", "name"), call.func.attr.value)
    except Refusal:
        return None
    if is_none(bound.get("n")):
        return None
    return call.func.attr.value, bound["n"], call.func.attr.value == "dequeue_up_to"


def _count(node: cst.CSTNode, name: str) -> int:
    """How many times ``name`` is written as a variable in ``node`` (attribute names and keywords aside)."""
    found = [0]

    class _V(Visitor):
        def visit_Name(self, n: cst.Name) -> None:
            if n.value == name:
                found[0] += 1

        def visit_Attribute(self, n: cst.Attribute) -> bool:
            n.value.visit(self)
            return False

        def visit_Arg(self, n: cst.Arg) -> bool:
            n.value.visit(self)
            return False

    node.visit(_V())
    return found[0]


class StatementsReplaced(cst.CSTTransformer):
    """Each statement line or ``for`` whose id is a key of ``changes`` replaced by its statements (none: removed)."""

    def __init__(self, changes: dict[int, list[cst.BaseStatement]]) -> None:
        super().__init__()
        self.changes = changes

    def _leave(self, original, updated):
        if id(original) in self.changes:
            new = self.changes[id(original)]
            return cst.FlattenSentinel(new) if new else cst.RemovalSentinel.REMOVE
        return updated

    leave_SimpleStatementLine = _leave
    leave_For = _leave
