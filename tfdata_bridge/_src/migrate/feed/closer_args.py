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

from tfdata_bridge._src.migrate.calls import Refusal, nodes_of


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
