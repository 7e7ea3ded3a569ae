"""A function of the module that starts the feed threads on the enqueue op it is handed, inlined at its one call:

    def threads_ready(sess, coord, enqueue_op, close_op):     def main(data_dir):
        threads = []                                              ... enqueue_op = queue.enqueue([x]) ...
        for i in range(3):                                        threads = []
            t = threading.Thread(target=read_thread,              for i_1 in range(3):
                                 args=(sess, enqueue_op, i))          t_1 = threading.Thread(target=read_thread,
            t.start()                                                                        args=(sess, enqueue_op, i_1))
            threads.append(t)                                         t_1.start()
        return threads                                                threads.append(t_1)

    def main(data_dir):
        ... enqueue_op = queue.enqueue([x]) ...
        threads = threads_ready(sess, coord, enqueue_op, close_op)

The feed-thread rewrite (``feed/function.py``) follows the threads started where the queue is made; a starter
function hides them. Inlined at its call (after ``feed_builders.py`` inlined the builder that made the queue and
returned its ops), its statements stand in the caller, each parameter read as the caller's argument (a plain
name or literal; another expression bound to a fresh name first), its returned local named as the caller's
target, its other locals renamed apart: the same threads started in the same order, which the feed-thread
rewrite then takes or refuses with its own reason. Only a starter of plain statements, ``for`` loops and plain
inner functions (``_inner_def``: KittiSeg's ``def enqueue_loop(sess, enqueue_op, phase, gen)``, renamed with the
starter's locals; a parameter of the starter one shadows bound to a fresh name, never written as its literal),
with no ``global``, ``yield`` or early ``return``, that makes and starts a ``Thread``, whose one use in
the module is ``name = starter(...)`` (or the call alone) in a statement that runs once per call of another
function, and that no other module uses, is inlined; a starter used twice stays as it is (and the queue with
it).
"""

from __future__ import annotations

import libcst as cst

from tfdata_bridge._src.migrate.calls import fresh_name, identifiers, names_in, nodes_of, target_names, last_name
from tfdata_bridge._src.migrate.feed_builders import _Literals, rebound
from tfdata_bridge._src.migrate.inline_sources import _bound_args, _Inline, _once, _Rename

_NESTED = (cst.FunctionDef, cst.ClassDef, cst.Lambda, cst.Global, cst.Nonlocal, cst.Yield, cst.Await, cst.Try,
           cst.While)


def _inner_def(stmt: cst.BaseStatement) -> bool:
    """A plain function the starter defines for its thread (KittiSeg's ``def enqueue_loop(sess, ...)``, a
    ``make_feed`` it calls): no decorator, no default, ``*`` or keyword-only parameter, and nothing inside that
    binds outside it or suspends (no nested function or class, lambda, ``global``, ``nonlocal``, ``yield``,
    ``await``). Inlined with the starter, it is defined in the caller, as the same closure over the same names."""
    if not isinstance(stmt, cst.FunctionDef) or stmt.decorators or stmt.asynchronous:
        return False
    params = stmt.params
    if isinstance(params.star_arg, cst.Param) or params.star_kwarg is not None or params.posonly_params or \
            params.kwonly_params or any(p.default is not None for p in params.params):
        return False
    inner = [n for n in nodes_of(stmt, cst.FunctionDef) if n is not stmt]
    return not inner and not any(nodes_of(stmt, k) for k in _NESTED if k is not cst.FunctionDef and
                                 k is not cst.Try and k is not cst.While)


def _inner_params(body: list[cst.BaseStatement]) -> set[str]:
    """The parameters of the functions the starter defines (``_inner_def``)."""
    return {p.name.value for s in body if isinstance(s, cst.FunctionDef) for p in s.params.params}


def _starter(fn: cst.FunctionDef) -> tuple[list[cst.BaseStatement], cst.BaseExpression | None] | None:
    """(the statements, the returned expression or None) of a thread starter; None for any other function."""
    if fn.decorators or fn.asynchronous or not isinstance(fn.body, cst.IndentedBlock):
        return None
    params = fn.params
    if isinstance(params.star_arg, cst.Param) or params.star_kwarg is not None or params.posonly_params or \
            params.kwonly_params:
        return None
    body = list(fn.body.body)
    if body and isinstance(body[0], cst.SimpleStatementLine) and isinstance(body[0].body[0], cst.Expr) and \
            isinstance(body[0].body[0].value, cst.SimpleString):
        body = body[1:]  # (the docstring)
    returned = None
    if body and isinstance(body[-1], cst.SimpleStatementLine) and isinstance(body[-1].body[0], cst.Return):
        if len(body[-1].body) != 1 or not isinstance(body[-1].body[0].value, cst.Name):
            return None
        returned = body[-1].body[0].value
        body = body[:-1]
    if not body or any(not _inner_def(s) and (
            not isinstance(s, (cst.SimpleStatementLine, cst.For)) or nodes_of(s, cst.Return) or
            any(nodes_of(s, k) for k in _NESTED) or isinstance(s, cst.For) and s.orelse is not None) for s in body):
        return None
    calls = [last_name(c.func) for s in body for c in nodes_of(s, cst.Call)]
    if "Thread" not in calls or "start" not in calls:
        return None
    return body, returned


def inline_feed_starters(module: cst.Module, external=None, made_local=()) -> cst.Module:
    """``module`` with each thread starter inlined at its one call (``module`` itself where there is none).
    ``made_local``: (name, function, local) of the globals a builder set that are that function's locals now
    (``feed_builders.py``): a starter reading one there reads the local, bound before its call."""
    starters = {}
    for fn in module.body:
        if isinstance(fn, cst.FunctionDef) and (found := _starter(fn)) is not None:
            starters[fn.name.value] = (fn, *found)
    if not starters:
        return module
    elsewhere = getattr(external, "uses_elsewhere", None)
    taken = {n.value for n in identifiers(module)} | {n.value for n in nodes_of(module, cst.Name)}
    new: dict[cst.SimpleStatementLine, list[cst.BaseStatement]] = {}
    gone = set()
    for name, (fn, body, returned) in starters.items():
        if elsewhere is not None and elsewhere(name):
            continue  # (another module calls it too: it stays whole)
        defs = {id(f.name) for f in nodes_of(module, cst.FunctionDef)}
        uses = [n for n in nodes_of(module, cst.Name) if n.value == name and id(n) not in defs]
        if len(uses) != 1:
            continue  # (called twice, or read otherwise: it stays whole)
        site = None
        for caller in nodes_of(module, cst.FunctionDef):
            if caller is fn:
                continue
            for stmt in _once(caller):
                small = stmt.body[0]
                call = small.value if isinstance(small, (cst.Assign, cst.Expr)) else None
                if isinstance(call, cst.Call) and call.func is uses[0] and \
                        (isinstance(small, cst.Expr) or len(small.targets) == 1 and
                         isinstance(small.targets[0].target, cst.Name)):
                    site = (stmt, caller, call)
        if site is None:
            continue
        stmt, caller, call = site
        bound = _bound_args(fn, call)
        if bound is None or set(bound) != {p.name.value for p in fn.params.params}:
            continue
        small = stmt.body[0]
        target = small.targets[0].target.value if isinstance(small, cst.Assign) else None
        own = rebound(fn)
        # (an inner function's parameters: one the starter binds too is renamed with it, every spelling at once;
        # a starter's parameter one shadows is bound to a fresh name, never written as its literal)
        inner = _inner_params(body)
        free = set().union(*(names_in(s) for s in body)) - own - (inner - set(bound))
        once = _once(caller)
        locals_ = {g: fresh for g, where, fresh in made_local if where == caller.name.value and g in free and
                   any(fresh in (target_names(t.target) or ()) for s in once[:once.index(stmt)]
                       for t in nodes_of(s, cst.AssignTarget))}  # (the builder's global, bound before the call)
        if free & rebound(caller) or \
                target is not None and any(target in names_in(v) for v in bound.values()):
            continue  # (a global the caller binds too; ``t = start(t)``: the argument read after ``t`` is bound)
        if target is not None and target in free:
            continue
        renames: dict[str, str] = dict(locals_)
        first: list[cst.BaseStatement] = []
        literal: dict[str, cst.BaseExpression] = {}
        for p, value in bound.items():
            if isinstance(value, cst.Name):  # (every local is renamed apart: the name stays the caller's)
                renames[p] = value.value
            elif isinstance(value, (cst.Integer, cst.Float, cst.SimpleString)) and p not in inner and \
                    not any(target_names(t.target) and p in target_names(t.target)
                            for s in body for t in nodes_of(s, cst.AssignTarget)) and \
                    not any(isinstance(a.value, cst.Name) and a.value.value == p
                            for s in body for a in nodes_of(s, cst.Attribute)):  # (``5.bit_length()``)
                literal[p] = value
            else:
                renames[p] = fresh_name(p, taken)
                first.append(cst.SimpleStatementLine([cst.Assign([cst.AssignTarget(cst.Name(renames[p]))], value)]))
        if any(p in rebound(fn.with_changes(params=cst.Parameters())) for p in bound):
            continue  # (a parameter bound again in the starter: the caller's name would be)
        direct = returned is not None and target is not None and returned.value in own - set(bound) and \
            sum(returned.value in (target_names(t.target) or ()) for s in body for t in nodes_of(s, cst.AssignTarget)
                ) == 1 and not any(returned.value in names_in(f.target) for s in body for f in nodes_of(s, cst.For))
        for local in sorted(own - set(bound)):
            renames[local] = target if direct and local == returned.value else fresh_name(local, taken)
        rename = _Rename(renames)
        stmts = [*first, *(s.visit(_Literals(literal)).visit(rename).with_changes(leading_lines=()) for s in body)]
        if target is not None and not direct:
            value = returned.visit(_Literals(literal)).visit(rename) if returned is not None else cst.Name("None")
            stmts.append(cst.SimpleStatementLine([cst.Assign([cst.AssignTarget(cst.Name(target))], value)]))
        stmts[0] = stmts[0].with_changes(leading_lines=stmt.leading_lines)
        new[stmt] = stmts
        gone.add(fn)
    if not new:
        return module
    return module.visit(_Inline(new, gone))


__all__ = ["inline_feed_starters"]
