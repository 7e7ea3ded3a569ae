"""Several feeding threads of which the last to finish closes the queue (a countdown under a lock):

    _LOCK = threading.Lock()                              # module level
    _ALIVE = [0]

    def feed(sess, enqueue_op, close_op, thread_id):      # each thread feeds its part
        try:
            for item in items[thread_id::NUM]:
                sess.run(enqueue_op, feed_dict={...})
        finally:                                          # (or the function's last statement)
            with _LOCK:
                _ALIVE[0] -= 1
                if _ALIVE[0] == 0:
                    sess.run(close_op)

    _ALIVE[0] = NUM                                       # right before the loop starting the threads
    for i in range(NUM):
        threading.Thread(target=feed, args=(sess, enqueue_op, close_op, i)).start()

or, in a class (the WaveNet reader's form: ``class_countdown``), the counter and the lock on the instance:

    def thread_main(self, sess, files):
        try:
            ...
        finally:
            with self._lock:
                self._running -= 1
                last = self._running == 0                 # (a flag read by the ``if`` after the block: the same)
            if last:
                sess.run(self.close)

    def start_threads(self, sess, n_threads=1):
        self._running = n_threads                         # right before the loop starting the threads
        for i in range(n_threads):
            threading.Thread(target=self.thread_main, args=(sess, self.files[i::n_threads])).start()

Legacy's queue closes once every thread has fed all of its part: the end of data is the end of the last thread,
each element fed once. The generator runs the threads' loops one after the other (``plumbing.py``,
``class_threads.py``), and its end is that same end: the countdown goes (the ``with`` block and the ``if`` after
it, the ``try`` left with nothing in its ``finally``, and the counter's setting), the close with it. Taken only
where that is provable from the module: the counter is a module-level list bound once (or an attribute of the
instance set nowhere but to an integer in the class's methods) and read nowhere but its countdown and one
setting, which is the statement right before the ``for v in range(N)`` loop making the feeder's one thread call,
set to that same ``N`` (a name, an attribute, an integer or ``len(x)``; no ``break`` in that loop), or, for a
count up (``self.done += 1; last = self.done == self.n``), a limit ``__init__`` sets once and nothing changes,
the loop being ``for v in range(self.n)`` (``_init_limit``, ``_counts_to``: the setting then stays); the lock a
module-level ``Lock()``/``RLock()`` (or one the instance binds once); the countdown the whole ``finally`` of the
feeding function's last statement (or its last statements), once, its flag read by nothing else. Anything else
keeps the refusal of several threads each closing.
"""

from __future__ import annotations

from dataclasses import dataclass

import libcst as cst

from tfdata_bridge._src.migrate.calls import nodes_of
from tfdata_bridge._src.migrate.feed.coord import _is_report
from tfdata_bridge._src.migrate.feed.loop import session_of
from tfdata_bridge._src.migrate.feed.members import attr_uses, contains, methods_of, self_attr
from tfdata_bridge._src.migrate.feed.threads import thread_target
from tfdata_bridge._src.migrate.object_uses import tree_uses


@dataclass
class Countdown:
    block: tuple[cst.BaseStatement, ...]  # the ``with lock:`` countdown (and the ``if last:`` after it)
    # ``_ALIVE[0] = N`` before the threads' loop (None: a count up to a limit ``__init__`` set, which stays)
    setting: cst.SimpleStatementLine | None
    zeroed: tuple[cst.SimpleStatementLine, ...] = ()  # (a count up: ``self.done = 0`` in the starter, before it)


def countdown_close(finder, module: cst.Module, fn: cst.FunctionDef, sess: str, closes: list[str],
                    called: str) -> Countdown | None:
    """The countdown close of ``fn`` (run by threads targeting ``called``), or None where it is not one."""
    code = finder.code
    found = _find(fn, lambda stmt: any(session_of(stmt, c) == sess for c in closes))
    if found is None or found[3] is not None:  # (a count up to a limit: the class form's alone)
        return None
    block, counter, lock, _ = found
    item = _item(counter)
    if item is None or not isinstance(lock, cst.Name) or not _module_bound(module, lock.value, _is_lock):
        return None
    name, index = item
    if not _module_bound(module, name, lambda v: isinstance(v, cst.List)) or tree_uses(
            getattr(finder, "external", None), name):
        return None
    reads = [n for n in nodes_of(module, cst.Name) if n.value == name]
    settings = [s for s in nodes_of(module, cst.SimpleStatementLine) if _setting(s) is not None
                and _item(_setting(s)) == (name, index)]
    if len(reads) != 4 or len(settings) != 1:  # (its binding, the setting, the countdown's two)
        return None
    setting = settings[0]
    calls = [c for c in finder.index.threads if isinstance(t := thread_target(c), cst.Name) and t.value == called]
    if len(calls) != 1:
        return None
    for block_body in finder.index.blocks:
        if any(s is setting for s in block_body):
            return Countdown(block, setting) if _before_loop(block_body, setting, code, calls[0]) else None
    return None


def class_countdown(index, module: cst.Module, cls: cst.ClassDef, feeder: cst.FunctionDef,
                    starter: cst.FunctionDef, is_close, code, external=None) -> Countdown | None:
    """The countdown close of the feeding method ``feeder`` whose threads ``starter`` starts in a loop, or None
    where it is not one. ``is_close(stmt)``: the statement runs the queue's close. The counter and the lock are
    the instance's (``self._running``, ``self._lock``) or module-level (a list and a ``Lock()``)."""
    if not feeder.params.params or not starter.params.params or not isinstance(starter.body, cst.IndentedBlock):
        return None
    me, starter_me = feeder.params.params[0].name.value, starter.params.params[0].name.value
    found = _find(feeder, is_close)
    if found is None:
        return None
    block, counter, lock, limit = found
    methods = list(methods_of(cls).values())
    body = list(starter.body.body)
    if (lattr := self_attr(lock, me)) is not None:
        binds = [t for t in nodes_of(module, cst.AssignTarget) if isinstance(t.target, cst.Attribute)
                 and t.target.attr.value == lattr]
        made = [a for m in methods for a in nodes_of(m, cst.Assign) if len(a.targets) == 1
                and any(a.targets[0] is t for t in binds) and self_attr(a.targets[0].target, _me(m)) == lattr]
        if len(binds) != 1 or len(made) != 1 or not _is_lock(made[0].value) or tree_uses(external, lattr) or \
                any(t.target.attr.value == lattr for t in nodes_of(module, (cst.AugAssign, cst.AnnAssign))
                    if isinstance(t.target, cst.Attribute)):
            return None
    elif not (isinstance(lock, cst.Name) and _module_bound(module, lock.value, _is_lock)):
        return None
    if limit is not None:
        found = _count_up(index, module, cls, feeder, starter, block, counter, limit, code, external)
        if found is None:
            return None
        setting, zeroed = found
    elif (cattr := self_attr(counter, me)) is not None:
        ints = [a for m in methods for a in nodes_of(m, cst.Assign) if len(a.targets) == 1 and self_attr(
            a.targets[0].target, _me(m)) == cattr and isinstance(a.value, cst.Integer)]
        settings = [s for s in body if (t := _setting(s)) is not None and self_attr(t, starter_me) == cattr]
        if len(settings) != 1 or tree_uses(external, cattr):
            return None
        setting = settings[0]
        ints = [a for a in ints if a is not setting.body[0]]  # (``self._running = 3`` before ``range(3)``)
        known = {id(a.targets[0].target) for a in ints} | {id(setting.body[0].targets[0].target)} | {
            id(a) for s in block for a in attr_uses(s, cattr)}
        uses = attr_uses(module, cattr)
        if len(known) != len(ints) + 3 or any(id(a) not in known for a in uses) or len(uses) != len(known):
            return None  # (its integer settings, the starter's setting, the countdown's two: nothing else)
    elif (item := _item(counter)) is not None:
        name = item[0]
        if not _module_bound(module, name, lambda v: isinstance(v, cst.List)) or tree_uses(external, name):
            return None
        settings = [s for s in nodes_of(module, cst.SimpleStatementLine) if (t := _setting(s)) is not None
                    and _item(t) == item]
        if len([n for n in nodes_of(module, cst.Name) if n.value == name]) != 4 or len(settings) != 1 or \
                not any(settings[0] is s for s in body):
            return None
        setting = settings[0]
    else:
        return None
    made = [c for c in nodes_of(starter, cst.Call) if c in index.threads
            and self_attr(thread_target(c), starter_me) == feeder.name.value]
    if len(made) != 1:
        return None
    if setting is None:  # (``for i in range(self.n)`` of the limit ``__init__`` set: ``_init_limit``)
        loops = [s for s in body if isinstance(s, cst.For) and contains(s.body, made[0])]
        if len(loops) != 1 or not _counts_to(loops[0], starter_me, self_attr(limit, me)):
            return None
    elif not _before_loop(body, setting, code, made[0], between=limit is not None):
        return None
    return Countdown(block, setting, zeroed if limit is not None else ())


def _count_up(index, module: cst.Module, cls: cst.ClassDef, feeder: cst.FunctionDef, starter: cst.FunctionDef,
              block, counter: cst.BaseExpression, limit: cst.BaseExpression, code, external
              ) -> tuple[cst.SimpleStatementLine, tuple[cst.SimpleStatementLine, ...]] | None:
    """(the starter's setting of the limit, its zero settings of the count) of of ``with lock: self.done += 1; last = self.done == self.n``, where
    the count is provably 0 when the threads start and the limit their number; None otherwise.

    The limit: set once, in the starter, before its loop (``self.n = n`` ... ``for i in range(n)``), read by the
    countdown alone. The counter: set nowhere but to ``0``, read by the countdown alone; each ``0`` a statement of
    the starter before its loop, or of ``__init__``'s own body, or of a method (no ``return``) that only
    ``__init__`` calls, as a statement of its body; where none is the starter's, the starter runs once per
    object (``object_uses.runs_once``; in another module, ``called_once_elsewhere``), so no count is left over
    from a run before."""
    from tfdata_bridge._src.migrate.object_uses import called_once_elsewhere, runs_once, uses

    me, starter_me = _me(feeder), _me(starter)
    cattr, lattr = self_attr(counter, me), self_attr(limit, me)
    if cattr is None or lattr is None or cattr == lattr or tree_uses(external, cattr) or tree_uses(external, lattr):
        return None
    body = list(starter.body.body)
    settings = [s for s in body if (t := _setting(s)) is not None and self_attr(t, starter_me) == lattr]
    if len(settings) == 1:
        setting = settings[0]
        known = {id(setting.body[0].targets[0].target)} | {id(a) for s in block for a in attr_uses(s, lattr)}
        found = attr_uses(module, lattr)
        if len(found) != len(known) or any(id(a) not in known for a in found):
            return None
    elif settings or not _init_limit(module, cls, starter, lattr):
        return None
    else:  # (the limit the object's own, set once in ``__init__``, the threads' loop counting to it: kept)
        setting = None
    methods = methods_of(cls)
    zeros: list[tuple[cst.FunctionDef, cst.SimpleStatementLine]] = []
    for m in methods.values():
        for line in nodes_of(m, cst.SimpleStatementLine):
            t = _setting(line)
            if t is None or self_attr(t, _me(m)) != cattr:
                continue
            value = line.body[0].value
            if not (isinstance(value, cst.Integer) and value.value == "0"):
                return None
            zeros.append((m, line))
    known = {id(a) for s in block for a in attr_uses(s, cattr)} | {id(line.body[0].targets[0].target)
                                                                    for _, line in zeros}
    found = attr_uses(module, cattr)
    if not zeros or len(found) != len(known) or any(id(a) not in known for a in found):
        return None
    init = methods.get("__init__")
    loop_at = next((j for j, s in enumerate(body) if isinstance(s, cst.For)), len(body))
    in_starter: list[cst.SimpleStatementLine] = []
    for m, line in zeros:
        top = isinstance(m.body, cst.IndentedBlock) and any(s is line for s in m.body.body)
        if m is starter and top and body.index(line) < loop_at:
            in_starter.append(line)
            continue
        if not top or _returns(m):
            return None
        if m is init:
            continue
        calls = attr_uses(module, m.name.value)
        if init is None or len(calls) != 1 or tree_uses(external, m.name.value) or not any(
                isinstance(s, cst.SimpleStatementLine) and len(s.body) == 1 and isinstance(s.body[0], cst.Expr)
                and isinstance(s.body[0].value, cst.Call) and s.body[0].value.func is calls[0]
                and self_attr(calls[0], _me(init)) == m.name.value for s in init.body.body):
            return None
    if not in_starter:
        name = starter.name.value
        local, elsewhere = uses(module, cls, name), tree_uses(external, name)
        if len(local) + elsewhere > 1 or local and (local[0][2] or runs_once(module, cls, name) is not None) or \
                elsewhere and called_once_elsewhere({cls.name.value}, name, external) is not None:
            return None
    return setting, tuple(in_starter)


def without_countdown(fn: cst.FunctionDef, countdown: Countdown) -> cst.FunctionDef:
    """``fn`` less its countdown: a ``try`` whose ``finally`` held only it becomes its body."""
    block = countdown.block

    def _is_block(stmts) -> bool:
        return len(stmts) == len(block) and all(a.deep_equals(b) for a, b in zip(stmts, block))

    class _Drop(cst.CSTTransformer):
        def leave_Try(self, original, updated):
            if original.finalbody is not None and _is_block(original.finalbody.body.body):
                if original.handlers:  # (coordinator reports: ``coord.py`` drops them with the loop's checks)
                    return updated.with_changes(finalbody=None)
                return cst.FlattenSentinel(updated.body.body)
            return updated

        def leave_IndentedBlock(self, original, updated):
            stmts = list(original.body)
            if len(stmts) >= len(block) and _is_block(stmts[len(stmts) - len(block):]) and \
                    len(stmts) > len(block):
                return updated.with_changes(body=list(updated.body)[:len(stmts) - len(block)])
            return updated

    return fn.visit(_Drop())


def _find(fn: cst.FunctionDef, is_close) -> tuple[tuple[cst.BaseStatement, ...], cst.BaseExpression,
                                                 cst.BaseExpression, cst.BaseExpression | None] | None:
    """(the countdown's statements, its counter, its lock, the limit of a count up or None): the whole ``finally`` of the function's last
    statement (a ``try`` with no ``except`` or ``else``), or its last statements where it has no ``return``."""
    body = list(fn.body.body) if isinstance(fn.body, cst.IndentedBlock) else []
    if not body:
        return None
    last = body[-1]
    if isinstance(last, cst.Try) and last.finalbody is not None and last.orelse is None and all(
            _reports(h) for h in last.handlers):
        tail, whole = list(last.finalbody.body.body), True
    elif _returns(fn):
        return None  # (a thread that returns before the countdown never counts down: legacy's queue never closes)
    else:
        tail, whole = body, False
    for size in (1, 2):
        stmts = tail[len(tail) - size:] if len(tail) >= size else []
        if not stmts or whole and len(stmts) != len(tail) or not isinstance(stmts[0], cst.With):
            continue
        parts = _with_parts(stmts[0])
        if parts is None:
            continue
        counter, lock, flag, close_if, limit = parts
        if size == 1 and flag is None and _closes(close_if, is_close):
            pass
        elif size == 2 and flag is not None and isinstance(stmts[1], cst.If) and \
                isinstance(stmts[1].test, cst.Name) and stmts[1].test.value == flag and _closes(stmts[1], is_close):
            attrs = {id(a.attr) for a in nodes_of(fn, cst.Attribute)}
            if len([n for n in nodes_of(fn, cst.Name) if n.value == flag and id(n) not in attrs]) != 2:
                return None  # (the flag read or bound elsewhere)
        else:
            continue
        if sum(1 for w in nodes_of(fn, cst.With) if _with_parts(w) is not None) != 1:
            return None
        return tuple(stmts), counter, lock, limit
    return None


def _init_limit(module: cst.Module, cls: cst.ClassDef, starter: cst.FunctionDef, lattr: str) -> bool:
    """Whether the limit ``self.<lattr>`` of a count up is set once, by a statement of ``__init__``'s own body,
    and changed nowhere else in the module (``self.n_threads = n_threads``): each thread then reads, at its
    countdown, the count the starter's loop ran to (``_counts_to``)."""
    init = methods_of(cls).get("__init__")
    if init is None or not isinstance(init.body, cst.IndentedBlock) or not init.params.params:
        return False
    writes = [t for t in nodes_of(module, cst.AssignTarget) if isinstance(t.target, cst.Attribute)
              and t.target.attr.value == lattr]
    if len(writes) != 1 or any(isinstance(t.target, cst.Attribute) and t.target.attr.value == lattr
                               for t in nodes_of(module, (cst.AugAssign, cst.AnnAssign))):
        return False
    if any(isinstance(t, cst.Attribute) and t.attr.value == lattr for d in nodes_of(module, cst.Del)
           for t in nodes_of(d, cst.Attribute)):
        return False
    return any(_setting(s) is not None and s.body[0].targets[0] is writes[0]
               and self_attr(writes[0].target, _me(init)) == lattr for s in init.body.body)


def _counts_to(loop: cst.For, me: str, lattr: str | None) -> bool:
    """``for v in range(self.<lattr>)``, no ``break``, ``continue`` or ``else``."""
    it = loop.iter
    return lattr is not None and isinstance(it, cst.Call) and isinstance(it.func, cst.Name) and \
        it.func.value == "range" and len(it.args) == 1 and it.args[0].keyword is None and not it.args[0].star and \
        self_attr(it.args[0].value, me) == lattr and not nodes_of(loop.body, cst.Break) and \
        not nodes_of(loop.body, cst.Continue) and loop.orelse is None


def _reports(handler: cst.ExceptHandler) -> bool:
    """``except Exception as e: coord.request_stop(e)`` (``coord.py``'s report, of any receiver): legacy's
    thread reported the error and still counted down; the generator raises it at ``get_next``, as the loop's
    other reports do."""
    body = handler.body.body if isinstance(handler.body, cst.IndentedBlock) else ()
    small = body[0].body[0] if len(body) == 1 and isinstance(body[0], cst.SimpleStatementLine) \
        and len(body[0].body) == 1 else None
    call = small.value if isinstance(small, cst.Expr) else None
    return isinstance(call, cst.Call) and isinstance(call.func, cst.Attribute) and \
        call.func.attr.value == "request_stop" and _is_report(handler, cst.Module([]).code_for_node(call.func.value))


def _with_parts(w: cst.With):
    """(counter, lock, flag, the ``if``, limit) for ``with L: C -= 1; if C == 0: ...`` (flag None) or ``with L:
    C -= 1; flag = C == 0`` (the ``if`` None), the limit None; for a count up, ``C += 1`` and ``C == N``, the
    limit ``N``; None otherwise."""
    if len(w.items) != 1 or w.items[0].asname is not None or not isinstance(w.items[0].item, (cst.Name, cst.Attribute)) \
            or w.asynchronous is not None or not isinstance(w.body, cst.IndentedBlock) or len(w.body.body) != 2:
        return None
    first, second = w.body.body
    small = first.body[0] if isinstance(first, cst.SimpleStatementLine) and len(first.body) == 1 else None
    if not (isinstance(small, cst.AugAssign) and isinstance(small.operator, (cst.SubtractAssign, cst.AddAssign))
            and isinstance(small.value, cst.Integer) and small.value.value == "1"
            and isinstance(small.target, (cst.Subscript, cst.Attribute))):
        return None
    counter = small.target
    up = isinstance(small.operator, cst.AddAssign)
    if isinstance(second, cst.If) and second.orelse is None and (
            (limit := _reached(second.test, counter)) is not None if up else _zero(second.test, counter)):
        return counter, w.items[0].item, None, second, limit if up else None
    flagged = second.body[0] if isinstance(second, cst.SimpleStatementLine) and len(second.body) == 1 else None
    if isinstance(flagged, cst.Assign) and len(flagged.targets) == 1 and isinstance(flagged.targets[0].target, cst.Name) \
            and ((limit := _reached(flagged.value, counter)) is not None if up else _zero(flagged.value, counter)):
        return counter, w.items[0].item, flagged.targets[0].target.value, None, limit if up else None
    return None


def _reached(test: cst.BaseExpression, counter: cst.BaseExpression) -> cst.Attribute | None:
    """``N`` of ``C == N`` (or ``N == C``), ``N`` an attribute, for the counter ``C``."""
    code = cst.Module([]).code_for_node
    if not (isinstance(test, cst.Comparison) and len(test.comparisons) == 1 and
            isinstance(test.comparisons[0].operator, cst.Equal)):
        return None
    left, right = test.left, test.comparisons[0].comparator
    if code(right) == code(counter):
        left, right = right, left
    return right if code(left) == code(counter) and isinstance(right, cst.Attribute) else None


def _zero(test: cst.BaseExpression, counter: cst.BaseExpression) -> bool:
    """``C == 0`` (or ``not C``) of the counter ``C``."""
    code = cst.Module([]).code_for_node
    if isinstance(test, cst.Comparison) and len(test.comparisons) == 1 and \
            isinstance(test.comparisons[0].operator, cst.Equal) and isinstance(test.comparisons[0].comparator,
                                                                               cst.Integer):
        return test.comparisons[0].comparator.value == "0" and code(test.left) == code(counter)
    return isinstance(test, cst.UnaryOperation) and isinstance(test.operator, cst.Not) and \
        code(test.expression) == code(counter)


def _closes(branch: cst.If, is_close) -> bool:
    inside = branch.body.body if isinstance(branch.body, cst.IndentedBlock) else []
    return branch.orelse is None and len(inside) == 1 and bool(is_close(inside[0]))


def _setting(stmt: cst.CSTNode) -> cst.BaseExpression | None:
    """The target of ``X = value``, one target, the whole line."""
    if isinstance(stmt, cst.SimpleStatementLine) and len(stmt.body) == 1 and isinstance(stmt.body[0], cst.Assign) \
            and len(stmt.body[0].targets) == 1:
        return stmt.body[0].targets[0].target
    return None


def _before_loop(block_body, setting: cst.SimpleStatementLine, code, call: cst.Call, between: bool = False) -> bool:
    """``setting`` is right before ``for v in range(N)`` of ``block_body``, set to that ``N``, the loop making
    ``call`` and leaving by no ``break`` or ``continue``. ``between``: assignments of values calling nothing
    (``self.threads = []``) may stand between them, binding nothing ``N`` reads."""
    block_body = list(block_body)
    at = next((j for j, s in enumerate(block_body) if s is setting), None)
    if at is None or at + 1 >= len(block_body):
        return False
    after = at + 1
    while between and after < len(block_body) and (t := _setting(block_body[after])) is not None:
        value = block_body[after].body[0].value
        if isinstance(block_body[after], cst.SimpleStatementLine) and not nodes_of(value, cst.Call) and \
                isinstance(t, (cst.Name, cst.Attribute)) and code(t) != code(setting.body[0].value) and \
                code(t) not in {code(n) for n in nodes_of(setting.body[0].value, (cst.Name, cst.Attribute))}:
            after += 1
        else:
            return False
    if after >= len(block_body):
        return False
    loop = block_body[after]
    it = loop.iter if isinstance(loop, cst.For) else None
    if not (isinstance(it, cst.Call) and isinstance(it.func, cst.Name) and it.func.value == "range"
            and len(it.args) == 1 and it.args[0].keyword is None and not it.args[0].star):
        return False
    value = setting.body[0].value
    counted = isinstance(value, cst.Call) and isinstance(value.func, cst.Name) and value.func.value == "len" and \
        len(value.args) == 1 and value.args[0].keyword is None and not value.args[0].star and \
        isinstance(value.args[0].value, (cst.Name, cst.Attribute))  # (``len(self.shards)``, read twice alike)
    return (counted or isinstance(value, (cst.Name, cst.Attribute, cst.Subscript, cst.Integer))) \
        and code(it.args[0].value) == code(value) and not nodes_of(loop.body, cst.Break) \
        and not nodes_of(loop.body, cst.Continue) and loop.orelse is None and contains(loop.body, call)


def _is_lock(v: cst.BaseExpression) -> bool:
    return isinstance(v, cst.Call) and isinstance(v.func, (cst.Name, cst.Attribute)) and \
        getattr(v.func, "attr", v.func).value in ("Lock", "RLock")


def _me(method: cst.FunctionDef) -> str:
    return method.params.params[0].name.value if method.params.params else ""


def _item(node: cst.CSTNode) -> tuple[str, str] | None:
    """(name, index) for ``name[<integer>]``."""
    if isinstance(node, cst.Subscript) and isinstance(node.value, cst.Name) and len(node.slice) == 1 and \
            isinstance(node.slice[0].slice, cst.Index) and isinstance(node.slice[0].slice.value, cst.Integer):
        return node.value.value, node.slice[0].slice.value.value
    return None


def _module_bound(module: cst.Module, name: str, ok) -> bool:
    """Whether ``name`` is bound once in the module, at its top level, to a value ``ok`` takes."""
    binds = [t for t in nodes_of(module, cst.AssignTarget) if isinstance(t.target, cst.Name) and t.target.value == name]
    top = [s.body[0] for s in module.body if isinstance(s, cst.SimpleStatementLine) and len(s.body) == 1
           and isinstance(s.body[0], cst.Assign) and len(s.body[0].targets) == 1
           and isinstance(s.body[0].targets[0].target, cst.Name) and s.body[0].targets[0].target.value == name]
    return len(binds) == 1 and len(top) == 1 and ok(top[0].value)


def _returns(fn: cst.FunctionDef) -> bool:
    """Whether ``fn`` itself (not a function nested in it) has a ``return``."""
    nested = {id(r) for f in nodes_of(fn.body, cst.FunctionDef) for r in nodes_of(f, cst.Return)}
    return any(id(r) not in nested for r in nodes_of(fn.body, cst.Return))
