"""The thread handle a feeding class's starter returns, once the starter makes no thread.

A starter that returned a list of threads (``return [t]``, ``return threads + [closer]``) returns ``[]``: its
callers' ``coord.join(threads)`` and ``for t in threads: t.join()`` still work, on no thread. One that returned
ONE thread (``return t``, ``return tf.train.LooperThread.loop(...)``) returns ``None``, and its callers' joins of
that thread go with it:

    t = feeder.start_threads(sess)      # t = feeder.start_threads(sess)   (None now)
    ...
    coord.join([t])                     # coord.join([])                    (the coordinator's own threads)
    t.join()                            # (gone)

``Coordinator.join`` makes a set of its argument (``coord.join([[]])`` raises ``TypeError``) and ``[].join()``
is no method: each read of the handle must be one of those joins, in the function that took it under one name;
any other read (``t.is_alive()``, ``threads[0]``, a handle kept on ``self`` or returned) is refused, naming it.
"""

from __future__ import annotations

import libcst as cst

from tfdata_bridge._src.migrate.calls import Refusal, holder_of, nodes_of
from tfdata_bridge._src.migrate.feed.members import contains, instance_uses
from tfdata_bridge._src.migrate.feed.threads import quiet_use


def returns_one_thread(index, starter: cst.FunctionDef, is_thread=None) -> bool:
    """The starter returns one thread (a thread call, or a name it assigned one), not a list of them."""
    is_thread = is_thread or (lambda call: call in index.threads)
    made = {t.target.value for a in nodes_of(starter, cst.Assign) if isinstance(a.value, cst.Call)
            and is_thread(a.value) for t in a.targets if isinstance(t.target, cst.Name)}
    for ret in nodes_of(starter, cst.Return):
        value = ret.value
        if isinstance(value, cst.Call) and is_thread(value) or isinstance(value, cst.Name) and value.value in made:
            return True
    return False


def follow_handles(index, module: cst.Module, cls: cst.ClassDef, starter: cst.FunctionDef, one: bool,
                   removed: list[cst.CSTNode], replaced: dict) -> None:
    """Every call of the starter, and what its callers do with the handle it returned: where it returned ``one``
    thread, its joins go (``removed``, ``replaced``); a list of threads may be joined and looped over, not
    indexed (it is empty now)."""
    name = starter.name.value
    lines = nodes_of(module, cst.SimpleStatementLine)
    functions = nodes_of(module, cst.FunctionDef)
    for use in instance_uses(module, cls, name):
        if contains(starter, use):
            continue
        stmt = holder_of(lines, use)
        small = stmt.body[0] if stmt is not None and len(stmt.body) == 1 else None
        where = index.lines.get(stmt, "?") if stmt is not None else "?"
        if isinstance(small, cst.Expr) and isinstance(small.value, cst.Call) and small.value.func is use:
            continue  # (the handle is not kept)
        if not (isinstance(small, cst.Assign) and len(small.targets) == 1 and isinstance(
                small.targets[0].target, cst.Name) and isinstance(small.value, cst.Call) and small.value.func is use):
            if one:
                raise Refusal(f"`{name}` returns its one thread, which the call at line {where} keeps other than "
                              f"under a name; `{name}` makes no thread now, and the rewrite does not follow that "
                              "handle to its joins")
            continue
        handle = small.targets[0].target.value
        scope = next((f for f in reversed(functions) if contains(f, stmt)), module)
        _follow(index, scope, stmt, handle, name, one, lines, removed, replaced)


def _follow(index, scope, taken: cst.SimpleStatementLine, handle: str, starter: str, one: bool, lines,
            removed: list[cst.CSTNode], replaced: dict, started: bool = False) -> None:
    """(``started``: the handle is the thread itself, made where it was taken: ``t.daemon = True``,
    ``t.setDaemon(True)`` and ``t.start()`` go too.)"""
    attrs = {id(a.attr) for a in nodes_of(scope, cst.Attribute)}
    keywords = {id(a.keyword) for a in nodes_of(scope, cst.Arg) if a.keyword is not None}
    params = {id(p.name) for p in nodes_of(scope, cst.Param)}
    bound = [t for a in nodes_of(scope, cst.Assign) for t in a.targets] + \
        [f.target for f in nodes_of(scope, cst.For)] + [a for a in nodes_of(scope, cst.AugAssign)]
    binds = [b for b in bound if any(n.value == handle for n in nodes_of(b, cst.Name)) and not (
        started and isinstance(b, cst.AssignTarget) and isinstance(b.target, cst.Attribute))]  # (``t.daemon = ...``)
    taken_target = taken.body[0].targets[0].target
    reads = [n for n in nodes_of(scope, cst.Name) if n.value == handle and id(n) not in attrs
             and id(n) not in keywords and id(n) not in params and n is not taken_target]
    subscripts = [s for s in nodes_of(scope, cst.Subscript) if any(s.value is r for r in reads)]
    if not one:
        if subscripts:
            at = index.lines.get(holder_of(lines, subscripts[0]), "?")
            raise Refusal(f"`{handle}`, the threads `{starter}` returns, is indexed at line {at}; `{starter}` makes "
                          "no thread now and returns `[]`")
        return
    where = index.lines.get(taken, "?")
    if len(binds) != 1 or any(contains(b, r) for b in binds for r in reads):
        raise Refusal(f"`{handle}`, the thread `{starter}` returns (line {where}), is bound again in its function; "
                      f"`{starter}` makes no thread now, and the rewrite does not follow that handle to its joins")
    for read in reads:
        stmt = holder_of(lines, read)
        small = stmt.body[0] if stmt is not None and len(stmt.body) == 1 else None
        call = small.value if isinstance(small, cst.Expr) else None
        if started and stmt not in replaced and stmt not in removed and (
                isinstance(small, cst.Assign) and len(small.targets) == 1 and isinstance(
                    small.targets[0].target, cst.Attribute) and small.targets[0].target.value is read
                and small.targets[0].target.attr.value == "daemon"
                or isinstance(call, cst.Call) and isinstance(call.func, cst.Attribute) and call.func.value is read
                and call.func.attr.value in ("start", "setDaemon")):
            removed.append(stmt)  # ``t.daemon = True``, ``t.start()``
            continue
        if stmt not in replaced and stmt not in removed and quiet_use(stmt, lambda e: e is read):
            removed.append(stmt)  # ``t.isDaemon()``: a read of its state left unused
            continue
        joins = isinstance(call, cst.Call) and isinstance(call.func, cst.Attribute) and call.func.attr.value == "join"
        if joins and call.func.value is read and stmt not in replaced:
            removed.append(stmt)  # ``t.join()``
            continue
        listed = [a for a in call.args if isinstance(a.value, cst.List) and any(
            e.value is read for e in a.value.elements)] if joins else []
        if listed and call.func.value is not read and stmt not in removed and stmt not in replaced and \
                (listed[0].keyword is None and call.args.index(listed[0]) == 0
                 or listed[0].keyword is not None and listed[0].keyword.value == "threads"):
            arg = listed[0]
            kept = [e for e in arg.value.elements if e.value is not read]
            if kept:
                kept[-1] = kept[-1].with_changes(comma=cst.MaybeSentinel.DEFAULT)
            new = call.with_changes(args=[a.with_changes(value=a.value.with_changes(elements=kept)) if a is arg
                                          else a for a in call.args])
            replaced[stmt] = [stmt.with_changes(body=[small.with_changes(value=new)])]  # ``coord.join([t])``
            continue
        at = index.lines.get(stmt, "?") if stmt is not None else "?"
        raise Refusal(f"`{handle}`, the one thread `{starter}` returns (line {where}), is used other than joined "
                      f"(line {at}); `{starter}` makes no thread now")


follow_handle = _follow  # (for ``across_calls.py``: a starter's handle kept in another module of the tree)
