"""A closer thread handed what it uses (``Thread(target=close_when_done, args=(sess, feeders, close_op))``):

    def close_when_done(sess, feeders, close_op):
        for t in feeders:
            t.join()
        sess.run(close_op)

It goes with the feeding threads, as a closer reading them from its scope does, where each parameter is used
only so and each argument is what that use needs: the close op's parameter is given one of the queue's close
ops (a name), the threads' parameter the names holding the feeding threads, the session's parameter runs
nothing but that close. Which parameter is which is read from the uses, never from the spelling.
"""

from __future__ import annotations

import libcst as cst

from tfdata_bridge._src.migrate.calls import Refusal, is_docstring, nodes_of
from tfdata_bridge._src.migrate.feed.loop import runs


def check_closer_args(closer: cst.FunctionDef, args: list[cst.BaseExpression], close_ops: list[str],
                      handles: set[str]) -> None:
    """Refuses, with the reason, unless ``args`` bind ``closer``'s parameters as the form above needs."""
    params = closer.params
    if params.star_arg not in (None, cst.MaybeSentinel.DEFAULT) or params.star_kwarg is not None or \
            params.kwonly_params or params.posonly_params or len(params.params) != len(args):
        raise Refusal(f"the closer `{closer.name.value}` is not given one argument per parameter")
    names = {p.name.value: a for p, a in zip(params.params, args)}
    attrs = {id(a.attr) for a in nodes_of(closer.body, cst.Attribute)}
    for node in nodes_of(closer.body, cst.Name):
        if id(node) in attrs or node.value not in names:
            continue
        role = _role(closer, node)
        arg = names[node.value]
        ok = role == "session" or (role == "op" and isinstance(arg, cst.Name) and arg.value in close_ops) or \
            (role == "threads" and isinstance(arg, cst.Name) and arg.value in handles)
        if not ok:
            raise Refusal(f"the closer `{closer.name.value}`'s parameter `{node.value}` is not only the session, "
                          "the queue's close op or the feeding threads")


def _role(closer: cst.FunctionDef, node: cst.Name) -> str | None:
    """What the use ``node`` in ``closer``'s body is: the receiver of ``X.run(op)`` ("session"), its op ("op"),
    the iterable of a loop that only joins ("threads"); None for any other use."""
    for stmt in nodes_of(closer.body, cst.SimpleStatementLine):
        small = stmt.body[0] if len(stmt.body) == 1 else None
        call = small.value if isinstance(small, cst.Expr) else None
        if isinstance(call, cst.Call) and isinstance(call.func, cst.Attribute) and call.func.attr.value == "run" \
                and len(call.args) == 1 and not call.args[0].keyword:
            if call.func.value is node:
                return "session"
            if call.args[0].value is node:
                return "op"
    for loop in nodes_of(closer.body, cst.For):
        if loop.iter is node:
            return "threads"
    return None


def handed_close_runs(threads, module: cst.Module, close_ops: list[str], scopes=None, at: cst.CSTNode | None = None
                      ) -> list[cst.SimpleStatementLine]:
    """The close runs of the functions whose threads are handed a close op (``X.run(op)``, ``op`` the parameter
    the argument binds), so a closer that names the op otherwise is found too; ``check_closer_args`` then
    checks each such thread's arguments. ``scopes`` (where known) and ``at`` (a statement of the queue's block):
    the close op handed and the closer's ``def`` are the ones those names mean there, by scope (another
    function's ``close_op`` and ``closer`` of the same spelling are another queue's)."""
    def same(node: cst.Name, where: cst.CSTNode) -> bool:
        return scopes is None or where is None or scopes.same_binding(node, where, node.value)

    from tfdata_bridge._src.migrate.feed.threads import thread_call_parts

    out: list[cst.SimpleStatementLine] = []
    for call in threads:
        try:
            target, args = thread_call_parts(call)
        except Refusal:
            continue
        given = [i for i, a in enumerate(args) if isinstance(a, cst.Name) and a.value in close_ops and same(a, at)]
        fns = [f for f in nodes_of(module, cst.FunctionDef)
               if isinstance(target, cst.Name) and f.name.value == target.value and same(target, f.name)]
        if not given or len(fns) != 1 or len(fns[0].params.params) != len(args):
            continue
        op = fns[0].params.params[given[0]].name.value
        for stmt in nodes_of(fns[0].body, cst.SimpleStatementLine):
            small = stmt.body[0] if len(stmt.body) == 1 else None
            run = small.value if isinstance(small, cst.Expr) else None
            if isinstance(run, cst.Call) and isinstance(run.func, cst.Attribute) and run.func.attr.value == "run" \
                    and len(run.args) == 1 and isinstance(run.args[0].value, cst.Name) \
                    and run.args[0].value.value == op and stmt not in out:
                out.append(stmt)
    return out


def joins_first(closer: cst.FunctionDef, holding: list[set[str]], given: dict[str, str], free_ok: bool = True
                ) -> str | None:
    """Why the closer is not one that joins every feeding thread and then closes the queue, or None: its
    statements join (``coord.join(threads)``, ``for t in threads: t.join()``, ``t.join()``, no timeout) names
    holding all the threads of each feeding thread made (``holding``; ``given``: its parameters bound to such
    names; a name it does not bind counts where ``free_ok``: it is defined where the threads are made), and its
    last statement, its one close, comes after them. A close before the joins, or joins of
    something else, ends legacy's data while threads still feed."""
    body = list(closer.body.body) if isinstance(closer.body, cst.IndentedBlock) else []
    name = closer.name.value
    if not body or _close_run(body[-1]) is None or any(runs(s) is not None for s in nodes_of(
            cst.Module(body[:-1]), cst.SimpleStatementLine)):
        return (f"`{name}` closes the queue before its last statement, or more than once: a close before the "
                "feeding threads end ends legacy's data while they still feed; not rewritten")
    body = [s for s in body if not is_docstring(s)]
    params = {p.name.value for p in nodes_of(closer.params, cst.Param)}
    joined: set[str] = set()
    for stmt in body[:-1]:
        got = joined_name(stmt)
        if got is None:
            return f"`{name}` does more than join the feeding threads before it closes the queue; not rewritten"
        base, dot, rest = got.partition(".")
        if dot:  # (``for t in self.threads: t.join()``: the list kept on the instance the closer is given)
            if base in given:
                joined.add(f"{given[base]}.{rest}")
        elif got in given or free_ok and got not in params:
            joined.add(given.get(got, got))
    if not body[:-1] or any(not (h & joined) for h in holding):
        return (f"`{name}` closes the queue without joining every feeding thread first (the list they are all "
                "kept in): the close may come while some still feed, which ends legacy's data there; not "
                "rewritten")
    return None


def joined_name(stmt: cst.CSTNode) -> str | None:
    """``threads`` for ``coord.join(threads)``, ``for t in threads: t.join()``; ``t`` for ``t.join()`` (no
    timeout: a join that may return while the thread runs joins nothing for sure); ``self.threads`` for
    ``for t in self.threads: t.join()`` (a list kept on an object: the caller maps ``self``)."""
    if isinstance(stmt, cst.For):
        inner = stmt.body.body if isinstance(stmt.body, cst.IndentedBlock) else []
        it = stmt.iter
        iterated = it.value if isinstance(it, cst.Name) else f"{it.value.value}.{it.attr.value}" if isinstance(
            it, cst.Attribute) and isinstance(it.value, cst.Name) else None
        return iterated if iterated is not None and isinstance(stmt.target, cst.Name) and \
            not stmt.orelse and len(inner) == 1 and joined_name(inner[0]) == stmt.target.value else None
    small = stmt.body[0] if isinstance(stmt, cst.SimpleStatementLine) and len(stmt.body) == 1 else None
    call = small.value if isinstance(small, cst.Expr) else None
    if not (isinstance(call, cst.Call) and isinstance(call.func, cst.Attribute) and call.func.attr.value == "join"
            and isinstance(call.func.value, cst.Name)):
        return None
    if not call.args:
        return call.func.value.value
    one = call.args[0]
    return one.value.value if len(call.args) == 1 and one.keyword is None and not one.star and \
        isinstance(one.value, cst.Name) else None


def _close_run(stmt: cst.CSTNode) -> cst.Call | None:
    """The run of ``stmt`` (``sess.run(close)``), or of the one statement of ``if not coord.should_stop():``."""
    if isinstance(stmt, cst.If) and stmt.orelse is None and isinstance(stmt.body, cst.IndentedBlock) and \
            len(stmt.body.body) == 1:
        test = stmt.test.expression if isinstance(stmt.test, cst.UnaryOperation) else stmt.test
        if isinstance(test, cst.Call) and isinstance(test.func, cst.Attribute) and \
                test.func.attr.value == "should_stop" and not test.args:
            return runs(stmt.body.body[0])
    return runs(stmt)
