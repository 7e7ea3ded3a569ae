"""The class form's threads beyond one plain thread (the waveform and seismic readers):

    def start_threads(self, sess, n_threads=None):
        feeders = []
        for path in self.files[:n_threads]:                      # one feeding thread per item
            thread = threading.Thread(target=self.thread_main, args=(sess, path))
            thread.daemon = True; thread.start(); feeders.append(thread)
        closer = threading.Thread(target=self._close_when_done, args=(sess, feeders))   # optional
        closer.start()
        return feeders + [closer]

    def _close_when_done(self, sess, feeders):                    # joins the feeders, then closes the queue
        for thread in feeders:
            thread.join()
        if not self.coord.should_stop():
            sess.run(self.close)

The starter keeps what the feeding threads were given, evaluated where and when legacy evaluated it (the
program's call of the starter), and makes no thread: ``self._thread_main_args = [(path,) for path in
self.files[:n_threads]]``. A generator method runs the feeding method once per kept item, one after the
other: the threads' multiset, in one of the orders legacy could deliver (for a ``RandomShuffleQueue`` the
order is the shuffle's anyway). The closer goes with its thread: the generator's end is the close.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import libcst as cst

from tfdata_bridge._src.migrate.calls import is_docstring, nodes_of, Refusal, target_names
from tfdata_bridge._src.migrate.feed.closer_args import joins_first
from tfdata_bridge._src.migrate.feed.loop import is_close_call, runs
from tfdata_bridge._src.migrate.feed.starter import one_thread, returned_on_self
from tfdata_bridge._src.migrate.feed.members import contains, instance_uses, methods_of, self_attr
from tfdata_bridge._src.migrate.feed.threads import quiet_use, thread_call_parts

@dataclass
class StarterThreads:
    closers: list[cst.FunctionDef] = field(default_factory=list)  # methods whose thread only joins and closes
    items: str | None = None  # the kept arguments (a list comprehension), None for one thread given nothing
    several: bool = False  # the feeding method may run more than once


def starter_threads(index, module: cst.Module, cls: cst.ClassDef, starter: cst.FunctionDef,
                    feeder: cst.FunctionDef, coords: list[str], closes: tuple[str, str | None], code,
                    gone: list[cst.CSTNode] = (), sessioned: bool = True) -> StarterThreads:
    """What the starter's threads run: the feeding thread's arguments (less its session and the coordinators
    it only checks) per loop turn, and its closer threads (``closes``: the queue's attribute and its close
    op's, which a closer runs). ``gone``: statements that go anyway (the ops the starter made for the thread,
    ``op_makers.py``). ``sessioned``: the thread hands the feeding method its session first (not so where it
    runs the enqueue on a session kept on the instance: every argument is then data or a coordinator)."""
    me = starter.params.params[0].name.value if starter.params.params else ""
    methods = methods_of(cls)
    out = StarterThreads()
    feeding: list[cst.Call] = []
    closing: list[tuple[cst.FunctionDef, cst.Call]] = []  # (a closer, the thread made on it)
    nested = _nested_functions(starter)
    for call in [c for c in nodes_of(starter, cst.Call) if c in index.threads]:
        target, args = thread_call_parts(call)
        name = self_attr(target, me) if target is not None else None
        if name == feeder.name.value:
            feeding.append(call)
        elif name in methods and _is_closer(methods[name], closes) and all(
                contains(starter, u) for u in instance_uses(module, cls, name)):
            out.closers.append(methods[name])
            closing.append((methods[name], call))
        elif isinstance(target, cst.Name) and target.value in nested:
            # (a closer defined in the starter: ``def closer(): for t in threads: t.join(); sess.run(close)``)
            if why := _nested_closer_reason(starter, nested[target.value], target, closes, me, feeder,
                                            index.threads):
                raise Refusal(why)
            out.closers.append(nested[target.value])
            closing.append((nested[target.value], call))
        else:
            raise Refusal(f"`{starter.name.value}` starts a thread that neither feeds the queue nor only joins "
                          "the feeders and closes it")
    if len(feeding) != 1:
        raise Refusal(f"`{starter.name.value}` makes {len(feeding)} threads of `{feeder.name.value}`; the "
                      "rewrite needs one, or one in a loop")
    call = feeding[0]
    for closer, made_by in closing:  # (it closes once it has joined every feeding thread: ``closer_args.py``)
        given = {p.name.value: a.value for p, a in zip(closer.params.params[0 if closer in nested.values() else 1:],
                                                       thread_call_parts(made_by)[1]) if isinstance(a, cst.Name)}
        if closer not in nested.values() and closer.params.params:
            given[closer.params.params[0].name.value] = me  # (the closer method's ``self`` is the starter's)
        elif closer in nested.values():
            given.setdefault(me, me)
        holding = _holding(starter, call)
        if why := joins_first(closer, [holding], given, closer in nested.values()):
            raise Refusal(why)
        for kept_on in [h for h in holding if "." in h]:  # (``self.threads``: only the starter and closer use it)
            attr = kept_on.partition(".")[2]
            if not all(contains(starter, u) or contains(closer, u) for u in instance_uses(module, cls, attr)):
                raise Refusal(f"`{kept_on}`, the list the feeding threads of `{feeder.name.value}` are kept in, is "
                              "used beyond the starter and the closer that joins it: the close may not wait for "
                              "them all")
    _, args = thread_call_parts(call)
    params = [p.name.value for p in feeder.params.params[1:]]
    if len(args) != len(params):
        raise Refusal(f"the thread passes `{feeder.name.value}` {len(args)} arguments for {len(params)} parameters")
    skip = 1 if sessioned else 0
    kept = [a for a, p in zip(args[skip:], params[skip:]) if p not in coords]  # (the session and coordinators go)
    loops = [f for f in nodes_of(starter, cst.For) if contains(f, call)]
    made = _comprehended(starter, call)  # ``ts = [Thread(target=..., args=(sess, s)) for s in shards]``
    if made is not None and not loops:
        loops = [made[1]]
    if len(loops) > 1 or loops and isinstance(loops[0], cst.For) and (loops[0].orelse is not None or not isinstance(loops[0].body, cst.IndentedBlock)
                                    or any(s is not _holder(loops[0], call) and not _plumbing(s)
                                           for s in loops[0].body.body)):
        raise Refusal(f"the loop that makes the threads of `{feeder.name.value}` does more than start and collect "
                      "them")
    for stmt in starter.body.body if isinstance(starter.body, cst.IndentedBlock) else ():
        if not (loops and stmt is loops[0]) and not _plumbing(stmt) and not _made_or_kept(stmt, index.threads) \
                and not any(stmt is c for c in [*out.closers, *gone]) and not is_docstring(stmt) \
                and not (made is not None and (stmt is made[2] or _starts_each(stmt, made[0]))):
            raise Refusal(f"`{starter.name.value}` does more than start the threads (line "
                          f"{index.lines.get(stmt, '?')}); it would make none now")
    if not kept and (not loops or _once(module, starter)):
        return out
    item = "(" + "".join(f"{code(a)}, " for a in kept).rstrip(" ") + ")"
    header = f" for {code(loops[0].target)} in {code(loops[0].iter)}" if loops else ""
    _check_names(starter, loops[0] if loops else None, [*kept, *([loops[0].iter] if loops else [])])
    out.items = f"[{item}{header}]"
    out.several = bool(loops) and not _once(module, starter)  # (``range(n_threads)``, 1 at every call)
    return out


def _holding(starter: cst.FunctionDef, call: cst.Call) -> set[str]:
    """The names of the starter that hold every thread ``call`` makes: the list a comprehension makes, the name
    of a thread made once, the lists a loop appends each thread to (not the loop's name: it holds the last),
    ``self.threads`` where the loop appends to a list kept on the instance."""
    stmt = next((s for s in nodes_of(starter, cst.SimpleStatementLine) if contains(s, call)), None)
    small = stmt.body[0] if stmt is not None and len(stmt.body) == 1 else None
    if not (isinstance(small, cst.Assign) and len(small.targets) == 1 and isinstance(small.targets[0].target,
                                                                                       cst.Name)):
        return set()
    name = small.targets[0].target.value
    loop = next((f for f in nodes_of(starter, cst.For) if isinstance(f.body, cst.IndentedBlock)
                 and any(s is stmt for s in f.body.body)), None)
    if isinstance(small.value, cst.ListComp) or loop is None:
        return {name}
    me = starter.params.params[0].name.value if starter.params.params else None
    return {c.func.value.value if isinstance(c.func.value, cst.Name) else f"{me}.{c.func.value.attr.value}"
            for s in loop.body.body if s is not stmt for c in nodes_of(s, cst.Call)
            if isinstance(c.func, cst.Attribute) and c.func.attr.value == "append" and (
                isinstance(c.func.value, cst.Name) or self_attr(c.func.value, me) is not None)
            and len(c.args) == 1 and isinstance(c.args[0].value, cst.Name) and c.args[0].value.value == name}


def _comprehended(starter: cst.FunctionDef, call: cst.Call
                  ) -> tuple[str, cst.CompFor, cst.SimpleStatementLine] | None:
    """(the list's name, its one ``for`` clause, the statement) where the starter makes its feeding threads as
    ``ts = [Thread(...) for s in items]`` in its own body: one clause, no condition, a name bound there once."""
    body = starter.body.body if isinstance(starter.body, cst.IndentedBlock) else ()
    for stmt in body:
        small = stmt.body[0] if isinstance(stmt, cst.SimpleStatementLine) and len(stmt.body) == 1 else None
        if not (isinstance(small, cst.Assign) and len(small.targets) == 1
                and isinstance(small.targets[0].target, cst.Name) and isinstance(small.value, cst.ListComp)
                and small.value.elt is call):
            continue
        comp = small.value.for_in
        if comp.inner_for_in is not None or comp.ifs or comp.asynchronous is not None:
            return None
        name = small.targets[0].target.value
        return (name, comp, stmt) if _bound_once(starter, name) else None
    return None


def _bound_once(fn: cst.FunctionDef, name: str) -> bool:
    """``name`` is assigned once in ``fn`` (nested functions included: one that binds it has its own), and is
    no parameter, loop target, ``with`` name or ``global``/``nonlocal`` of it or of a function nested in it."""
    count = 0
    for a in nodes_of(fn, cst.Assign):
        for t in a.targets:
            count += (target_names(t.target) or []).count(name)
    for node in nodes_of(fn, (cst.AugAssign, cst.AnnAssign)):
        count += 2 if name in (target_names(node.target) or []) else 0
    for f in nodes_of(fn, (cst.For, cst.CompFor)):
        count += 2 if name in (target_names(f.target) or []) else 0
    for w in nodes_of(fn, cst.WithItem):
        count += 2 if w.asname is not None and name in (target_names(w.asname.name) or []) else 0
    for p in nodes_of(fn, cst.Param):
        count += 2 if p.name.value == name else 0
    for g in nodes_of(fn, (cst.Global, cst.Nonlocal)):
        count += 2 if any(n.name.value == name for n in g.names) else 0
    for d in nodes_of(fn, (cst.FunctionDef, cst.ClassDef)):
        count += 2 if d.name.value == name else 0
    return count == 1


def _starts_each(stmt: cst.BaseStatement, name: str) -> bool:
    """``for t in ts: t.daemon = True; t.start()``: plumbing of each thread of the list, nothing else."""
    if not (isinstance(stmt, cst.For) and stmt.orelse is None and isinstance(stmt.iter, cst.Name)
            and stmt.iter.value == name and isinstance(stmt.target, cst.Name)
            and isinstance(stmt.body, cst.IndentedBlock)):
        return False
    me = stmt.target.value
    for s in stmt.body.body:
        small = s.body[0] if isinstance(s, cst.SimpleStatementLine) and len(s.body) == 1 else None
        if not _plumbing(s) or isinstance(small, cst.Expr) and small.value.func.attr.value == "append":
            return False
        on = small.targets[0].target.value if isinstance(small, cst.Assign) else small.value.func.value
        if not (isinstance(on, cst.Name) and on.value == me):
            return False
    return True


def _once(module: cst.Module, starter: cst.FunctionDef) -> bool:
    """The starter's loop runs once at every call (``for _ in range(n_threads)``, ``n_threads=1``, no caller
    passing it)."""
    try:
        one_thread(module, starter)
    except Refusal:
        return False
    return True


def _holder(loop: cst.For, call: cst.Call) -> cst.BaseStatement | None:
    return next((s for s in loop.body.body if contains(s, call)), None)


def _plumbing(stmt: cst.BaseStatement) -> bool:
    """``t.daemon = True``, ``t.start()``, ``t.setDaemon(True)``, ``threads.append(t)``, ``t.isDaemon()``,
    ``coord.register_thread(t)`` (a coordinator then joins no thread of the feeder's: there is none)
    (``quiet_use``: a read of a thread's state left unused, on a name or ``self.thread``)."""
    small = stmt.body[0] if isinstance(stmt, cst.SimpleStatementLine) and len(stmt.body) == 1 else None
    if quiet_use(stmt, lambda e: isinstance(e, cst.Name) or isinstance(e, cst.Attribute)
                 and isinstance(e.value, cst.Name)):
        return True
    if isinstance(small, cst.Assign):
        t = small.targets[0].target
        return len(small.targets) == 1 and isinstance(t, cst.Attribute) and t.attr.value == "daemon"
    call = small.value if isinstance(small, cst.Expr) else None
    return isinstance(call, cst.Call) and isinstance(call.func, cst.Attribute) and \
        call.func.attr.value in ("start", "setDaemon", "append", "register_thread")  # (``coord.register_thread(t)``)


def _made_or_kept(stmt: cst.BaseStatement, threads) -> bool:
    """``t = Thread(...)``, ``ts = []``, ``self.threads = ts + [t]``, ``return ts``: names and lists of them."""
    small = stmt.body[0] if isinstance(stmt, cst.SimpleStatementLine) and len(stmt.body) == 1 else None
    value = small.value if isinstance(small, (cst.Assign, cst.Return)) else None
    if isinstance(small, cst.Assign) and isinstance(value, cst.Call):
        return value in threads
    return value is not None and _names_only(value)


def _names_only(expr: cst.BaseExpression) -> bool:
    if isinstance(expr, (cst.Name, cst.Attribute)):
        return True
    if isinstance(expr, (cst.List, cst.Tuple)):
        return all(_names_only(e.value) for e in expr.elements)
    return isinstance(expr, cst.BinaryOperation) and isinstance(expr.operator, cst.Add) and \
        _names_only(expr.left) and _names_only(expr.right)


def _check_names(starter: cst.FunctionDef, loop: cst.For | None, exprs: list[cst.BaseExpression]) -> None:
    """The kept arguments are evaluated in the starter's first lines now: they may read its parameters, the
    loop's names, ``self`` and the module's names, not what the starter computed before the loop."""
    params = {p.name.value for p in starter.params.params}
    local: set[str] = set()
    for stmt in nodes_of(starter, cst.Assign):
        for t in stmt.targets:
            local |= set(target_names(t.target) or [])
    for f in nodes_of(starter, cst.For):
        if f is not loop:
            local |= set(target_names(f.target) or [])
    ok = params | (set(target_names(loop.target) or []) if loop is not None else set())
    for expr in exprs:
        attrs = {id(a.attr) for a in nodes_of(expr, cst.Attribute)}
        for n in nodes_of(expr, cst.Name):
            if id(n) not in attrs and n.value in local and n.value not in ok:
                raise Refusal(f"the feeding threads' arguments read `{n.value}`, which `{starter.name.value}` "
                              "computes before it starts them")


def _is_closer(method: cst.FunctionDef, closes: tuple[str, str | None], me: str | None = None) -> bool:
    """A method that only joins threads, checks a coordinator and runs the queue's close, after the joins
    (``me``: the instance's name where the closer is a function nested in a method, ``self`` of that method)."""
    body = method.body.body if isinstance(method.body, cst.IndentedBlock) else ()
    if me is None:
        me = method.params.params[0].name.value if method.params.params else ""
    qattr, close = closes
    lines = nodes_of(method, cst.SimpleStatementLine)
    at = [i for i, s in enumerate(lines) if runs(s) is not None]
    ran = [runs(lines[i]).args[0].value for i in at]
    return bool(body) and all(_closer_stmt(s) for s in body) and len(ran) == 1 and (
        close is not None and self_attr(ran[0], me) == close
        or is_close_call(ran[0], lambda q: self_attr(q, me) == qattr)) and \
        not any(_joins(s) for s in lines[at[0] + 1:])


def _nested_functions(starter: cst.FunctionDef) -> dict[str, cst.FunctionDef]:
    """The functions the starter defines in its own body (one ``def`` per name)."""
    body = starter.body.body if isinstance(starter.body, cst.IndentedBlock) else ()
    defs = [s for s in body if isinstance(s, cst.FunctionDef)]
    names = [d.name.value for d in defs]
    return {d.name.value: d for d in defs if names.count(d.name.value) == 1}


def _nested_closer_reason(starter: cst.FunctionDef, closer: cst.FunctionDef, target: cst.Name,
                          closes: tuple[str, str | None], me: str, feeder: cst.FunctionDef, index_threads=()
                          ) -> str | None:
    """Why a function nested in the starter and run by a thread is not the feeders' closer, or None: it only
    joins the feeding threads (the starter's list they were appended to), then runs the queue's close; its
    name is read nowhere else, and it takes no parameter the rewrite would have to follow."""
    name = closer.name.value
    attrs = {id(a.attr) for a in nodes_of(starter, cst.Attribute)}
    reads = [n for n in nodes_of(starter, cst.Name) if n.value == name and id(n) not in attrs
             and n is not closer.name]
    if len(reads) != 1 or reads[0] is not target or closer.decorators or closer.asynchronous is not None:
        return f"`{name}`, which a thread of `{starter.name.value}` runs, is used beyond that thread"
    if not _is_closer(closer, closes, me):
        return (f"`{name}`, which a thread of `{starter.name.value}` runs, does more than join the feeding threads "
                "and then close the queue (a close before the joins ends the data while they still feed)")
    lists = {call.func.value.value for call in nodes_of(starter, cst.Call)
             if isinstance(call.func, cst.Attribute) and call.func.attr.value == "append"
             and isinstance(call.func.value, cst.Name) and not contains(closer, call)}
    lists |= {made[0] for call in nodes_of(starter, cst.Call) if call in index_threads
              and (made := _comprehended(starter, call)) is not None}
    lists -= _local_names(closer)  # (a name the closer binds itself is its own, not the starter's list)
    for loop in nodes_of(closer, cst.For):
        if not (isinstance(loop.iter, cst.Name) and loop.iter.value in lists):
            return (f"`{name}` joins `{cst.Module([]).code_for_node(loop.iter)}`, not the list the feeding threads "
                    f"of `{starter.name.value}` are kept in: the close may come before they are done")
    if not nodes_of(closer, cst.For):
        return f"`{name}` closes the queue without joining the feeding threads first"
    return None


def _local_names(fn: cst.FunctionDef) -> set[str]:
    """The names a function binds itself (its parameters, assignments, loop and ``with`` targets): local there."""
    out = {p.name.value for p in nodes_of(fn.params, cst.Param)}
    for a in nodes_of(fn, cst.Assign):
        for t in a.targets:
            out |= set(target_names(t.target) or [])
    for node in nodes_of(fn, (cst.AugAssign, cst.AnnAssign, cst.For, cst.CompFor)):
        out |= set(target_names(node.target) or [])
    for w in nodes_of(fn, cst.WithItem):
        out |= set(target_names(w.asname.name) or []) if w.asname is not None else set()
    return out


def _closer_stmt(stmt: cst.BaseStatement) -> bool:
    if isinstance(stmt, cst.For):
        inner = stmt.body.body if isinstance(stmt.body, cst.IndentedBlock) else ()
        return stmt.orelse is None and bool(inner) and all(_joins(s) for s in inner)
    if isinstance(stmt, cst.If):
        test = stmt.test.expression if isinstance(stmt.test, cst.UnaryOperation) else stmt.test
        inner = stmt.body.body if isinstance(stmt.body, cst.IndentedBlock) else ()
        return isinstance(test, cst.Call) and isinstance(test.func, cst.Attribute) and \
            test.func.attr.value == "should_stop" and not test.args and stmt.orelse is None and \
            all(_closer_stmt(s) for s in inner)
    if isinstance(stmt, cst.SimpleStatementLine) and len(stmt.body) == 1:
        small = stmt.body[0]
        return isinstance(small, (cst.Return, cst.Pass)) and getattr(small, "value", None) is None \
            or runs(stmt) is not None and len(runs(stmt).args) == 1 or _joins(stmt)
    return False


def _joins(stmt: cst.BaseStatement) -> bool:
    small = stmt.body[0] if isinstance(stmt, cst.SimpleStatementLine) and len(stmt.body) == 1 else None
    call = small.value if isinstance(small, cst.Expr) else None
    return isinstance(call, cst.Call) and isinstance(call.func, cst.Attribute) and call.func.attr.value == "join"


def stored_starter(starter: cst.FunctionDef, feeder: cst.FunctionDef, attr: str, items: str, returned: str = "[]",
                   index=None) -> cst.FunctionDef:
    """The starter without its threads: it keeps their arguments on the instance and returns ``[]`` (``None``
    where it returned one thread: ``handles.py``)."""
    me = starter.params.params[0].name.value
    note = cst.EmptyLine(comment=cst.Comment(
        f"# tfdata-bridge migrate: no thread: `{feeder.name.value}` is read by tf.data, once per kept argument"))
    keep = cst.parse_statement(f"{me}.{attr} = {items}\n").with_changes(leading_lines=[note])
    kept = returned_on_self(index, starter) if index is not None else None
    before = [cst.parse_statement(line + "\n") for line in kept[0]] if kept is not None else []
    if kept is not None:
        returned = kept[1]
    return starter.with_changes(body=cst.IndentedBlock(body=[keep, *before, cst.SimpleStatementLine([cst.Return(
        cst.parse_expression(returned))])]))


def runner_method(feeder: cst.FunctionDef, name: str, attr: str) -> cst.FunctionDef:
    """``def thread_main_all(self): for args in self._thread_main_args: yield from self.thread_main(*args)``."""
    me = feeder.params.params[0].name.value
    return cst.parse_statement(
        f"def {name}({me}):\n    for args in {me}.{attr}:\n        yield from {me}.{feeder.name.value}(*args)\n"
    ).with_changes(leading_lines=[cst.EmptyLine(indent=False)])
