"""A ``threading.Thread`` subclass handed the queue, whose constructor makes the enqueue and close ops from it and
whose ``run`` feeds them, spelled as a thread on a function (held-out round 57: ``concurrency.EnqueueThread``):

    class EnqueueThread(threading.Thread):             def enqueue_thread_run(sess, sample, inputs, op, close_op):
        def __init__(self, sess, queue, sample, inputs):    while True:  ... sess.run(op, feed_dict=...)
            super(EnqueueThread, self).__init__()
            self.daemon = True                         def main(...):
            self.sess, self.queue = sess, queue            ...
            self.sample, self.inputs = sample, inputs      op = queue.enqueue(inputs, name='enqueue')
            self.op = self.queue.enqueue(inputs)           close_op = queue.close(name='close')
            self.close_op = self.queue.close()             feeder = threading.Thread(target=enqueue_thread_run,
        def run(self):                                                 args=(sess, sample, inputs, op, close_op))
            while True: ... self.sess.run(self.op, ...)    feeder.daemon = True
                                                           feeder.start()
    feeder = EnqueueThread(sess, queue, sample, inputs)
    feeder.start()

The feed-thread rewrite (``feed/function.py``) follows a thread made on a function of the module; a subclass
handed the queue hides the ops and the loop in the class. Spelled out, the constructor's statements stand where
the instance was made (each ``self.x`` a fresh local, each parameter the caller's argument), and ``run`` is a
function of the caller's module reading those locals as its parameters: the same ops made in the same order and
the same loop on the same values, which the feed-thread rewrite then takes or refuses with its own reason.

Only a class of ``__init__`` and ``run`` alone is spelled out: ``__init__`` of the base class's call with no
arguments, ``self.daemon = <constant>`` and ``self.x = <expression of the parameters and attributes set before>``;
``run`` reading the instance only as ``self.x`` for an ``x`` the constructor set (no attribute set there, no
``self`` otherwise, no local of a parameter's name); made once, as ``name = Class(...)`` in a statement that
runs once per call of its function, and that name then only started and joined. A class of another module of
the tree is spelled out only where its methods read nothing of its module but builtins (its module keeps it).

A second thread handed the queue that only watches it (``OpThread(sess, queue, queue.size())``: its ``run`` runs
the op it was handed and stores the values on attributes that neither the class nor the program reads back,
the instance only started, stopped and joined) goes with the queue: what it measured is read nowhere, and a
``size()`` of a queue that is gone cannot be run; the comment left says what was dropped.
"""

from __future__ import annotations

import builtins

import libcst as cst

from tfdata_bridge._src.migrate.comments import wrapped_comment
from tfdata_bridge._src.migrate.calls import code_of
from tfdata_bridge._src.migrate.calls import fresh_name, identifiers, names_in, nodes_of, target_names
from tfdata_bridge._src.migrate.feed.thread_run import is_thread_subclass
from tfdata_bridge._src.migrate.feed_builders import rebound
from tfdata_bridge._src.migrate.inline_sources import _bound_args, _once

_BUILTINS = set(dir(builtins))


def _self_attr(node: cst.CSTNode, me: str) -> str | None:
    return node.attr.value if isinstance(node, cst.Attribute) and isinstance(node.value, cst.Name) and \
        node.value.value == me else None


def _methods(cls: cst.ClassDef) -> dict[str, cst.FunctionDef] | None:
    out = {}
    for i, s in enumerate(cls.body.body):
        if i == 0 and isinstance(s, cst.SimpleStatementLine) and isinstance(s.body[0], cst.Expr) and \
                isinstance(s.body[0].value, cst.SimpleString):
            continue
        if not isinstance(s, cst.FunctionDef) or s.decorators or s.asynchronous:
            return None
        out[s.name.value] = s
    return out


def _base_init(small: cst.BaseSmallStatement, cls: str, me: str) -> bool:
    """``super(Cls, self).__init__()``, ``super().__init__()`` or ``threading.Thread.__init__(self)``."""
    if not (isinstance(small, cst.Expr) and isinstance(small.value, cst.Call) and
            isinstance(small.value.func, cst.Attribute) and small.value.func.attr.value == "__init__"):
        return False
    call, owner = small.value, small.value.func.value
    if isinstance(owner, cst.Call) and isinstance(owner.func, cst.Name) and owner.func.value == "super":
        sup = [a.value for a in owner.args]
        return not call.args and (not sup or len(sup) == 2 and isinstance(sup[0], cst.Name) and
                                  sup[0].value == cls and isinstance(sup[1], cst.Name) and sup[1].value == me)
    return (isinstance(owner, cst.Attribute) and owner.attr.value == "Thread" or
            isinstance(owner, cst.Name) and owner.value == "Thread") and len(call.args) == 1 and \
        isinstance(call.args[0].value, cst.Name) and call.args[0].value.value == me


class _Spelled:
    """A feeding subclass's parts: the constructor's ``(attribute, value)`` in order, ``daemon``, ``run``."""

    def __init__(self, cls, init, run, me, sets, daemon):
        self.cls, self.init, self.run, self.me, self.sets, self.daemon = cls, init, run, me, sets, daemon


def _feeding_class(module: cst.Module, cls: cst.ClassDef) -> _Spelled | None:
    if cls.decorators or len(cls.bases) != 1 or not is_thread_subclass(module, cls):
        return None
    methods = _methods(cls)
    if methods is None or set(methods) != {"__init__", "run"}:
        return None
    init, run = methods["__init__"], methods["run"]
    for fn in (init, run):
        p = fn.params
        if isinstance(p.star_arg, cst.Param) or p.star_kwarg or p.kwonly_params or p.posonly_params or \
                any(x.default is not None for x in p.params) or not p.params:
            return None
    if len(run.params.params) != 1 or not isinstance(init.body, cst.IndentedBlock):
        return None
    me = init.params.params[0].name.value
    params = {p.name.value for p in init.params.params[1:]}
    sets: list[tuple[str, cst.BaseExpression]] = []
    daemon = None
    for s in init.body.body:
        small = s.body[0] if isinstance(s, cst.SimpleStatementLine) and len(s.body) == 1 else None
        if small is None:
            return None
        if _base_init(small, cls.name.value, me):
            continue
        if not (isinstance(small, cst.Assign) and len(small.targets) == 1):
            return None
        attr = _self_attr(small.targets[0].target, me)
        if attr is None:
            return None
        value = small.value
        if attr == "daemon":
            if not (isinstance(value, cst.Name) and value.value in ("True", "False")) or daemon is not None:
                return None
            daemon = value
            continue
        done = {a for a, _ in sets}
        if any(isinstance(n, cst.Lambda) for n in nodes_of(value, cst.Lambda)) or attr in done:
            return None  # (an attribute set twice: the first value would be another local)
        reads = [n for n in identifiers(value)]
        selfs = [a for a in nodes_of(value, cst.Attribute) if isinstance(a.value, cst.Name) and a.value.value == me]
        if any(_self_attr(a, me) not in done for a in selfs) or \
                sum(n.value == me for n in reads) != len(selfs) or \
                any(n.value not in params | {me} | _BUILTINS for n in reads):
            return None  # (a read of an attribute not set before, ``self`` otherwise, a global of the module)
        sets.append((attr, value))
    if not isinstance(run.body, cst.IndentedBlock):
        return None
    rme = run.params.params[0].name.value
    attrs = {a for a, _ in sets}
    uses = [n for n in identifiers(run) if n.value == rme]
    selfs = [a for a in nodes_of(run, cst.Attribute) if isinstance(a.value, cst.Name) and a.value.value == rme]
    if len(uses) != len(selfs) + 1 or any(_self_attr(a, rme) not in attrs for a in selfs):
        return None  # (``self`` read otherwise, or an attribute the constructor did not set)
    if any(_self_attr(t.target, rme) for t in nodes_of(run, cst.AssignTarget)) or \
            (rebound(run) | names_in(run.body)) & attrs:
        return None  # (an attribute set in ``run``; a local or global of an attribute's name)
    if nodes_of(run, cst.FunctionDef)[1:] or nodes_of(run, cst.ClassDef) or nodes_of(run, cst.Lambda) or \
            nodes_of(run, cst.Global) or nodes_of(run, cst.Nonlocal) or nodes_of(run, cst.Yield):
        return None
    return _Spelled(cls, init, run, me, sets, daemon)


class _SelfToNames(cst.CSTTransformer):
    def __init__(self, me: str, names: dict[str, str]) -> None:
        self.me, self.names = me, names

    def leave_Attribute(self, original, updated):
        attr = _self_attr(original, self.me)
        return cst.Name(self.names[attr]) if attr is not None and attr in self.names else updated


class _Names(cst.CSTTransformer):
    """Names replaced by expressions (``_Rename``'s rules for attribute and keyword names)."""

    def __init__(self, names: dict[str, cst.BaseExpression]) -> None:
        self.names = names

    def leave_Attribute(self, original, updated):
        return updated.with_changes(attr=original.attr)

    def leave_Arg(self, original, updated):
        return updated.with_changes(keyword=original.keyword)

    def leave_Name(self, original, updated):
        return self.names.get(original.value, updated)


def _instance_uses(caller: cst.FunctionDef, name: str, site: cst.SimpleStatementLine, allowed: set[str]) -> bool:
    """Every read of ``name`` in ``caller`` other than its binding at ``site`` is ``name.<method>()`` as a statement
    of its own, a method of ``allowed``; ``name`` bound nowhere else."""
    binds = [t for t in nodes_of(caller, cst.AssignTarget) if name in names_in(t.target)]
    if len(binds) != 1 or name in rebound(caller.with_changes(body=cst.IndentedBlock([]))):
        return False
    calls = [s for s in nodes_of(caller, cst.SimpleStatementLine) if len(s.body) == 1 and
             isinstance(s.body[0], cst.Expr) and isinstance(s.body[0].value, cst.Call) and
             isinstance(s.body[0].value.func, cst.Attribute) and isinstance(s.body[0].value.func.value, cst.Name)
             and s.body[0].value.func.value.value == name and not s.body[0].value.args and
             s.body[0].value.func.attr.value in allowed]
    reads = [n for n in identifiers(caller) if n.value == name]
    return len(reads) == 1 + len(calls) and name in names_in(site)


def _class_of(module, call: cst.Call, external):
    """(the class, its module, whether that is another module) that ``call`` constructs, or None."""
    if isinstance(call.func, cst.Name):
        found = [c for c in module.body if isinstance(c, cst.ClassDef) and c.name.value == call.func.value]
        if len(found) == 1:
            return found[0], module, False
    imported = getattr(external, "imported", None)  # (by the names: ``module`` may be a form's new tree)
    func = call.func
    if imported is None:
        return None
    if isinstance(func, cst.Attribute) and isinstance(func.value, cst.Name):
        got = imported(func.value.value)
        home, cls_name = (got[0], func.attr.value) if got is not None and got[1] is None else (None, None)
    elif isinstance(func, cst.Name):
        got = imported(func.value)
        home, cls_name = (got[0], got[1]) if got is not None and got[1] is not None else (None, None)
    else:
        return None
    if home is None or home is module:
        return None
    found = [c for c in home.body if isinstance(c, cst.ClassDef) and c.name.value == cls_name]
    return (found[0], home, True) if len(found) == 1 else None


def _monitor(cls: cst.ClassDef, module: cst.Module) -> bool:
    """A thread class that only watches: its methods ``__init__``, ``run`` and ``stop`` (optional); ``run`` runs
    one op it was handed (``self.sess.run(self.op)``) and at most appends the value to a list attribute that
    no method reads otherwise; nothing else touches a session or the queue."""
    if cls.decorators or len(cls.bases) != 1 or not is_thread_subclass(module, cls):
        return False
    methods = _methods(cls)
    if methods is None or not {"__init__", "run"} <= set(methods) <= {"__init__", "run", "stop"}:
        return False
    run = methods["run"]
    me = run.params.params[0].name.value if run.params.params else None
    if me is None:
        return False
    runs = [c for c in nodes_of(cls, cst.Call) if isinstance(c.func, cst.Attribute) and c.func.attr.value == "run"]
    if len(runs) != 1 or not any(r is c for r in runs for c in nodes_of(run, cst.Call)):
        return False
    run_call = runs[0]
    if len(run_call.args) != 1 or _self_attr(run_call.args[0].value, me) is None or \
            _self_attr(run_call.func.value, me) is None:
        return False
    # the value: appended to ``self.<list>`` (read nowhere else in the class), or dropped
    holders = [s for s in nodes_of(run, cst.SimpleStatementLine) if any(c is run_call for c in nodes_of(s, cst.Call))]
    small = holders[0].body[0] if holders and len(holders[0].body) == 1 else None
    if not isinstance(small, cst.Expr):
        return False
    if small.value is not run_call:
        outer = small.value
        if not (isinstance(outer, cst.Call) and isinstance(outer.func, cst.Attribute) and
                outer.func.attr.value == "append" and len(outer.args) == 1 and outer.args[0].value is run_call):
            return False
        store = _self_attr(outer.func.value, me)
        if store is None:
            return False
        for m in methods.values():
            mme = m.params.params[0].name.value if m.params.params else None
            for a in nodes_of(m, cst.Attribute):
                if _self_attr(a, mme) == store and a is not outer.func.value and not any(
                        t.target is a for t in nodes_of(m, cst.AssignTarget)):
                    return False  # (the values read back: by a method)
    # nothing but the op's run touches the session or the queue: no other call of an attribute's method
    # than ``wait``/``set``/``is_set`` of an event, ``append`` of the list, ``join`` and the base's ``__init__``
    from tfdata_bridge._src.migrate.feed.thread_run import thread_bases

    threading_names = thread_bases(module)[0]
    for m in methods.values():
        for c in nodes_of(m, cst.Call):
            if c is run_call or not isinstance(c.func, cst.Attribute):
                continue
            if isinstance(c.func.value, cst.Name) and c.func.value.value in threading_names and \
                    c.func.attr.value in ("Event", "Lock") and not c.args:
                continue  # (``threading.Event()``: the stop flag)
            if c.func.attr.value not in ("wait", "set", "is_set", "append", "join", "__init__"):
                return False
    return True


def spell_thread_classes(module: cst.Module, external=None) -> cst.Module:
    """``module`` with each feeding ``Thread`` subclass's instance spelled as a thread on a function, and each
    watching thread handed the same queue dropped (``module`` itself where none is)."""
    if "Thread" not in code_of(module):
        return module
    taken = {n.value for n in nodes_of(module, cst.Name)}
    new: dict[cst.SimpleStatementLine, list[cst.BaseStatement]] = {}
    drop: dict[int, str] = {}
    gone: set[int] = set()
    functions: list[cst.FunctionDef] = []
    need_threading = False
    for caller in [f for f in module.body if isinstance(f, cst.FunctionDef)]:
        monitors = []
        spelled_queues: set[str] = set()  # (the names handed to a feeding class spelled out here)
        for stmt in _once(caller):
            small = stmt.body[0]
            if not (isinstance(small, cst.Assign) and len(small.targets) == 1 and
                    isinstance(small.targets[0].target, cst.Name) and isinstance(small.value, cst.Call)):
                continue
            found = _class_of(module, small.value, external)
            if found is None:
                continue
            cls, home, foreign = found
            name = small.targets[0].target.value
            if _monitor(cls, home):
                monitors.append((stmt, name, small.value, cls))
                continue
            spelled = _feeding_class(home, cls)
            if spelled is None or not _instance_uses(caller, name, stmt, {"start", "join"}):
                continue
            inside = {id(n) for n in nodes_of(cls, cst.Name)}
            if not foreign and sum(n.value == cls.name.value and id(n) not in inside
                                   for n in nodes_of(module, cst.Name)) != 1:
                continue  # (the class made or read elsewhere too: it stays whole)
            free = (names_in(spelled.run.body) | set().union(*(names_in(v) for _, v in spelled.sets))) - \
                rebound(spelled.run) - {spelled.me, spelled.run.params.params[0].name.value} - \
                {p.name.value for p in spelled.init.params.params}
            if free - _BUILTINS or free & (rebound(caller) | _top_names(module)):
                continue  # (a global of the class's module, or a builtin the caller's module binds)
            init_fn = spelled.init.with_changes(params=spelled.init.params.with_changes(
                params=spelled.init.params.params[1:]))
            bound = _bound_args(init_fn, small.value)
            if bound is None or set(bound) != {p.name.value for p in init_fn.params.params}:
                continue
            if any(name in names_in(v) for v in bound.values()):
                continue
            values: dict[str, cst.BaseExpression] = {}
            first: list[cst.BaseStatement] = []
            for p, v in bound.items():
                if isinstance(v, (cst.Name, cst.Integer, cst.Float, cst.SimpleString)):
                    values[p] = v
                else:
                    fresh = fresh_name(p, taken)
                    values[p] = cst.Name(fresh)
                    first.append(cst.SimpleStatementLine([cst.Assign([cst.AssignTarget(cst.Name(fresh))], v)]))
            locals_: dict[str, str] = {}
            for attr, value in spelled.sets:
                v = value.visit(_SelfToNames(spelled.me, locals_)).visit(_Names(values))
                if isinstance(v, cst.Name) and v.value not in locals_.values():
                    locals_[attr] = v.value  # (``self.sess = sess``: the caller's own name)
                    continue
                locals_[attr] = fresh_name(attr.lstrip("_") or "value", taken)
                first.append(cst.SimpleStatementLine([cst.Assign([cst.AssignTarget(cst.Name(locals_[attr]))], v)]))
            rme = spelled.run.params.params[0].name.value
            read = [a for a, _ in spelled.sets if any(_self_attr(x, rme) == a for x in nodes_of(spelled.run,
                                                                                               cst.Attribute))]
            fname = fresh_name(_snake(cls.name.value) + "_run", taken)
            body = spelled.run.body.visit(_SelfToNames(rme, {a: a for a in read}))
            functions.append(cst.FunctionDef(cst.Name(fname), cst.Parameters([cst.Param(cst.Name(a)) for a in read]),
                                             body, leading_lines=[cst.EmptyLine(), cst.EmptyLine()]))
            thread = f"{_threading(module) or 'threading'}.Thread"
            need_threading |= _threading(module) is None
            args = ", ".join(locals_[a] for a in read) + ("," if len(read) == 1 else "")
            stmts = [*first, cst.parse_statement(f"{name} = {thread}(target={fname}, args=({args}))\n")]
            if spelled.daemon is not None:
                stmts.append(cst.parse_statement(f"{name}.daemon = {spelled.daemon.value}\n"))
            stmts[0] = stmts[0].with_changes(leading_lines=stmt.leading_lines)
            new[stmt] = stmts
            if not foreign:
                gone.add(id(cls))
            spelled_queues |= {v.value for v in bound.values() if isinstance(v, cst.Name)}
        for stmt, name, call, cls in monitors:  # (a watcher of a queue a feeding class was handed: it goes too)
            if not any(isinstance(a.value, cst.Name) and a.value.value in spelled_queues for a in call.args) or \
                    not _instance_uses(caller, name, stmt, {"start", "stop", "join"}) or \
                    any(a.keyword is not None or a.star or not (
                        isinstance(a.value, cst.Name) and a.value.value in spelled_queues or
                        _pure_reads(a.value, spelled_queues)) for a in call.args):
                continue  # (what it is handed: the feeder's own session and queue, and reads of that queue)
            what = cst.Module([]).code_for_node(call)
            drop[id(stmt)] = what
            for s in nodes_of(caller, cst.SimpleStatementLine):
                if len(s.body) == 1 and isinstance(s.body[0], cst.Expr) and isinstance(s.body[0].value, cst.Call) \
                        and isinstance(s.body[0].value.func, cst.Attribute) and \
                        isinstance(s.body[0].value.func.value, cst.Name) and s.body[0].value.func.value.value == name:
                    drop[id(s)] = ""
    if not new or not functions:
        return module
    out = module.visit(_Apply(new, drop, gone))
    body = list(out.body)
    at = next((i for i, s in enumerate(body) if isinstance(s, (cst.FunctionDef, cst.ClassDef))), len(body))
    body[at:at] = functions
    out = out.with_changes(body=body)
    if need_threading:
        from tfdata_bridge._src.migrate.builder_inline import with_imports
        out = with_imports(out, ["import threading"])
    return cst.parse_module(out.code)  # (fresh nodes: the rewrite keys its index on each node once)


def _pure_reads(node: cst.BaseExpression, queues: set[str]) -> bool:
    """``queue.size()`` (or ``queue.is_closed()``) of one of ``queues``: an op that only reads the queue."""
    return isinstance(node, cst.Call) and not node.args and isinstance(node.func, cst.Attribute) and \
        node.func.attr.value in ("size", "is_closed") and isinstance(node.func.value, cst.Name) and \
        node.func.value.value in queues


def _top_names(module: cst.Module) -> set[str]:
    out: set[str] = set()
    for s in module.body:
        if isinstance(s, (cst.FunctionDef, cst.ClassDef)):
            out.add(s.name.value)
        else:
            for t in nodes_of(s, cst.AssignTarget):
                out |= set(target_names(t.target) or ())
            for a in nodes_of(s, cst.ImportAlias):
                out.add((a.evaluated_alias or a.evaluated_name).split(".")[0])
    return out


def _threading(module: cst.Module) -> str | None:
    from tfdata_bridge._src.migrate.feed.thread_run import thread_bases
    mods, _ = thread_bases(module)
    return sorted(mods)[0] if mods else None


def _snake(name: str) -> str:
    out = "".join("_" + c.lower() if c.isupper() else c for c in name).lstrip("_")
    return out or "feeder"


class _Apply(cst.CSTTransformer):
    def __init__(self, new, drop, gone) -> None:
        self.new, self.drop, self.gone = new, drop, gone

    def leave_ClassDef(self, original, updated):
        return cst.RemovalSentinel.REMOVE if id(original) in self.gone else updated

    def leave_SimpleStatementLine(self, original, updated):
        if original in self.new:
            return cst.FlattenSentinel(self.new[original])
        what = self.drop.get(id(original))
        if what is None:
            return updated
        if not what:
            return cst.RemovalSentinel.REMOVE
        name = original.body[0].targets[0].target.value
        text = (f"tfdata-bridge migrate: the watching thread `{what}` (only started and stopped) is dropped "
                f"with the queue: it only ran the op it was handed (a read of the queue) and kept the values on "
                f"the instance, which nothing reads")
        return cst.parse_statement(f"{name} = None\n").with_changes(
            leading_lines=[*original.leading_lines, *wrapped_comment(text, 96)])


__all__ = ["spell_thread_classes"]
