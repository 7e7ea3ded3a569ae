"""What goes with the threads of a feeding function: the threads themselves (their arguments, the session
and any coordinator only checked, dropped), a closer thread (it only joins the feeders and runs the queue's
close op), the close runs on the way out, and a thread made outside a class on its feeding method.

Each thread's loop becomes one run of the generator, one after the other (``yield from``): the same multiset
as the threads side by side, in one of the orders legacy could deliver.
"""

from __future__ import annotations

from dataclasses import dataclass

import libcst as cst

from tfdata_bridge._src.migrate.calls import Refusal, nodes_of
from tfdata_bridge._src.migrate.feed.closer_args import check_closer_args, handed_close_runs, joins_first
from tfdata_bridge._src.migrate.feed.loop import runs
from tfdata_bridge._src.migrate.feed.threads import ThreadUses, appended_to, enclosing, made, thread_call_parts, \
    thread_target, thread_values


@dataclass
class Threads:
    count: int  # 1, or 2 for several (or a loop's unknown number)
    single_plain: bool  # one thread passing nothing but the session: the generator is the function itself
    lines: list[str]  # the body of a generator running each thread's loop in turn


def thread_plumbing(finder, fn: cst.FunctionDef, position: list[int], body, module: cst.Module | None,
                    close_ops: list[str], queue: str, close_runs: list[cst.SimpleStatementLine], plan,
                    wrapped=None) -> Threads:
    """The threads running ``fn`` (the arguments at ``position`` dropped: its session, unless it reads the
    session from its scope, and coordinators only checked), a closer and the close runs: into ``plan.removed``; what the generator runs, in ``Threads``."""
    if module is None:
        raise Refusal("the feed thread is rewritten only with its module")
    uses = ThreadUses(finder.index, module, getattr(finder, "scopes", None))
    code = finder.code
    fname = wrapped.called if wrapped is not None else fn.name.value  # (a wrapper's inner: the name it is under)
    site = enclosing(module, body[0])
    handles: set[str] = set()
    gone: list[cst.CSTNode] = [fn]
    parts: list[tuple[str | None, str]] = []
    count = 0
    closers = _closers(finder, module, fn, close_ops, queue, close_runs, gone, uses, fname, body[0])
    holding: list[set[str]] = []  # per feeding thread made: the names that hold every thread it makes
    given: dict[str, dict[str, str]] = {}  # closer -> its parameters bound to names by its thread's ``args``
    makers: list = []  # the functions making the feeding threads
    for target_name, is_feeder in [*[(fname, True)], *[(c.name.value, False) for c in closers]]:
        owner = fn if is_feeder else next(c for c in closers if c.name.value == target_name)
        refs = [r for r in _named(finder, target_name, None if is_feeder and wrapped is not None else owner)
                if r is not owner.name and not (is_feeder and wrapped is not None and id(r) in wrapped.binders)]
        if is_feeder and not refs:
            raise Refusal(f"`{fname}` is not run by a thread")
        for ref in refs:
            call = next((c for c in finder.index.threads if any(n is ref for n in nodes_of(c, cst.Name))), None)
            if call is None:
                raise Refusal(f"`{target_name}` is used other than as a `threading.Thread`'s target")
            uses.anchors.append(call)
            target, args = thread_call_parts(call, owner.params.params)
            if target is not ref:
                raise Refusal(f"`{target_name}` is used other than as a `threading.Thread`'s target")
            if is_feeder and position:
                if len(args) <= max(position):
                    raise Refusal(f"the thread does not pass `{fname}` its session")
                args = [a for j, a in enumerate(args) if j not in position]
            if not is_feeder and args:  # (what it is handed: its session, the close op, the feeding threads)
                check_closer_args(owner, args, close_ops, handles)
                given[target_name] = {p.name.value: a.value for p, a in zip(owner.params.params, args)
                                      if isinstance(a, cst.Name)}
                args = []
            text = f"{fname}({', '.join(code(a) for a in args)})"
            header, several = made(uses, call, handles, gone, code)
            maker = enclosing(module, call)
            if maker is not site and (site is not None or _reads_locals(maker, args, header)):
                # (a module-level queue's thread made in ``main()``: what it is given must mean the same at the
                # module level, where the dataset is made)
                raise Refusal(f"the thread running `{target_name}` is made in another function than the queue")
            count += 2 if several else 1
            if is_feeder:
                parts.append((header, text))
                holding.append(_holding_all(uses, call))
                makers.append(maker)
    for closer in closers:  # (it closes once it has joined every feeding thread: the data end after them all)
        if why := joins_first(closer, holding, given.get(closer.name.value, {}), any(  # (defined where they are made)
                isinstance(m.body, cst.IndentedBlock) and any(s is closer for s in m.body.body) for m in makers)):
            raise Refusal(why)
    for name in sorted(handles):
        uses.handled(name, gone, gone, handles)
    plan.removed.extend(g for g in gone if g is not fn)
    single = len(parts) == 1 and parts[0][0] is None and parts[0][1] == f"{fname}()"
    lines: list[str] = []
    for header, text in parts:
        lines += [f"    {header}\n", f"        yield from {text}\n"] if header else [f"    yield from {text}\n"]
    return Threads(count, single, lines)


def _holding_all(uses: ThreadUses, call: cst.Call) -> set[str]:
    """The names that hold every thread ``call`` makes: the list a comprehension makes, the one name of a thread
    made once, the lists a loop appends each thread to (not the loop's own name: it holds the last one)."""
    stmt = uses.holder(call)
    small = stmt.body[0] if len(stmt.body) == 1 else None
    if not (isinstance(small, cst.Assign) and len(small.targets) == 1 and isinstance(small.targets[0].target,
                                                                                       cst.Name)):
        return set()
    name = small.targets[0].target.value
    loop = next((f for f in uses.fors if isinstance(f.body, cst.IndentedBlock) and stmt in f.body.body), None)
    if isinstance(small.value, cst.ListComp) or loop is None:
        return {name}
    return {n for other in loop.body.body if other is not stmt for n in appended_to(other, name)}


def _same(finder, at: cst.CSTNode):
    """``same(ref, name)``: ``name`` read at ``ref`` may mean what it means at ``at`` (by scope where the scopes
    are known, else by spelling)."""
    scopes = getattr(finder, "scopes", None)
    return lambda ref, name: scopes is None or scopes.same_binding(ref, at, name)


def _named(finder, name: str, binder: cst.CSTNode | None) -> list[cst.Name]:
    """The reads of ``name``: those of the binding ``binder`` makes (a ``def``, an assignment) by scope where the
    scopes are known (another function's local of the same spelling is another thing), else every one."""
    refs = finder.index.refs.get(name, [])
    scopes = getattr(finder, "scopes", None)
    if binder is None or scopes is None or scopes.scope(binder) is None:
        return refs
    readers = {id(n) for n in scopes.readers_of(binder, name)}
    return [r for r in refs if id(r) in readers]


def _reads_locals(fn: cst.FunctionDef | None, args: list[cst.BaseExpression], header: str | None) -> bool:
    """Any of ``args`` (or the iterable of the loop ``header`` that repeats the thread; its own names aside)
    reads a name ``fn`` binds (a parameter, an assignment, a loop's or ``with``'s name)."""
    if fn is None:
        return False
    own: set[str] = set()
    if header is not None:
        loop = cst.parse_statement(f"{header}\n    pass\n")
        own = {n.value for n in nodes_of(loop.target, cst.Name)}
        args = [*args, loop.iter]
    local = {p.name.value for p in [*fn.params.params, *fn.params.kwonly_params, *fn.params.posonly_params]}
    for node in nodes_of(fn.body, cst.CSTNode):
        target = node.target if isinstance(node, (cst.AssignTarget, cst.For, cst.AugAssign, cst.AnnAssign)) else \
            node.asname.name if isinstance(node, cst.WithItem) and node.asname is not None else None
        if target is not None:
            local |= {n.value for n in nodes_of(target, cst.Name)}
    for arg in args:
        attrs = {id(a.attr) for a in nodes_of(arg, cst.Attribute)}
        if any(id(n) not in attrs and n.value in local - own for n in nodes_of(arg, cst.Name)):
            return True
    return False


def _closers(finder, module, fn, close_ops, queue, close_runs, gone, uses, fname: str,
             at: cst.CSTNode) -> list[cst.FunctionDef]:
    """The runs of the queue's close outside the feeding function: a closer function (it only joins the
    feeders and closes) goes with its thread; a close run anywhere else (on the way out) goes alone. The data
    end where the generator ends, as legacy's ended at the close. ``at``: a statement of the queue's block, where
    the close ops are bound (another function's close op of the same spelling is another queue's)."""
    same = _same(finder, at)
    stmts = list(close_runs)
    own = {id(n) for n in nodes_of(fn, cst.Name)} | {id(n) for c in finder.index.threads for n in nodes_of(c, cst.Name)}
    own |= {id(p.name) for p in nodes_of(module, cst.Param)}  # (a closer's parameter: bound where its thread is made)
    for op in close_ops:
        for ref in finder.index.refs.get(op, []):
            # (the feeding function's own, a parameter of that name, or handed to its thread; another function's)
            if id(ref) in own or not same(ref, op):
                continue
            stmt = uses.holder(ref)
            if stmt in gone or any(stmt is s for s in nodes_of(fn, cst.SimpleStatementLine)):
                continue
            if isinstance(stmt.body[0], cst.Assign) and any(stmt is s for s in stmts):
                continue
            call = runs(stmt)
            if call is None or len(call.args) != 1 or call.args[0].value is not ref:
                if isinstance(stmt.body[0], cst.Assign):  # the close op's own definition (removed by the caller)
                    continue
                raise Refusal(f"the close op `{op}` is used other than run on its own")
            stmts.append(stmt)
    stmts += handed_close_runs(finder.index.threads, module, close_ops, getattr(finder, "scopes", None), at)
    closers: list[cst.FunctionDef] = []
    for stmt in stmts:
        if any(stmt is s for s in nodes_of(fn, cst.SimpleStatementLine)):
            continue
        holder = enclosing(module, stmt)
        body = holder.body.body if holder is not None and isinstance(holder.body, cst.IndentedBlock) else []
        if holder is not None and holder is not fn and stmt in body and all(
                s is stmt or runs(s) is not None and any(s is r for r in stmts) or _joins_only(s) for s in body):
            if holder not in closers:
                closers.append(holder)
                gone.append(holder)
            continue
        gone.append(stmt)
    going = {c.name.value for c in closers} | {fname}  # (``fname``: the name the feeder's threads run it by)
    for call in finder.index.threads:  # a close op handed to a thread that stays would be a name gone
        target, args = thread_target(call), thread_values(call)
        if any(isinstance(a, cst.Name) and a.value in close_ops and same(a, a.value) for a in args) and \
                not (isinstance(target, cst.Name) and target.value in going):
            raise Refusal(f"the close op is handed to the thread running `{code_of(target)}`, which does more "
                          "than join the feeding threads and close the queue")
    return closers


def code_of(node: cst.CSTNode) -> str:
    return cst.Module([]).code_for_node(node)


def _joins_only(stmt: cst.CSTNode) -> bool:
    """``t.join()`` or ``for t in ts: t.join()``."""
    if isinstance(stmt, cst.For):
        body = stmt.body.body if isinstance(stmt.body, cst.IndentedBlock) else []
        return bool(body) and all(_joins_only(s) for s in body) and not stmt.orelse
    if isinstance(stmt, cst.SimpleStatementLine) and len(stmt.body) == 1 and isinstance(stmt.body[0], cst.Expr):
        call = stmt.body[0].value
        return isinstance(call, cst.Call) and isinstance(call.func, cst.Attribute) and call.func.attr.value == "join"
    return False


def outside_threads(index, module: cst.Module, cls: cst.ClassDef, feeder: str, uses_: list[cst.Attribute],
                    code, passed: int = 1, data: int = 0) -> list[cst.CSTNode]:
    """What goes with threads made outside a class on its feeding method (``Thread(target=reader.feed,
    args=(sess,))``): one thread (it closes the queue: several would race), its statement and its plumbing.
    ``data``: how many data arguments follow the session and coordinators (``outside_data_thread``)."""
    from tfdata_bridge._src.migrate.feed.derived import SITES

    uses = ThreadUses(index, module, (SITES.get() or (None, None))[0])  # (the module's scopes, where known)
    if len(uses_) != 1:
        raise Refusal(f"`{feeder}` is the target of several threads, each closing the queue; not rewritten")
    ref = uses_[0]
    call = next((c for c in index.threads if any(n is ref for n in nodes_of(c, cst.Attribute))), None)
    if call is None or thread_call_parts(call)[0] is not ref:
        raise Refusal(_direct_call(index, module, feeder, ref) or
                      f"`{feeder}` is used other than as one `threading.Thread`'s target")
    if len(thread_call_parts(call)[1]) != passed + data:
        raise Refusal(f"the thread does not pass `{feeder}` just its session" + (
            " and one argument per parameter (by position)" if data else ""))
    handles: set[str] = set()
    gone: list[cst.CSTNode] = []
    uses.anchors.append(call)
    header, several = made(uses, call, handles, gone, code)
    if several:
        raise Refusal(f"`{feeder}` is the target of threads made in a loop, each closing the queue; not rewritten")
    for name in sorted(handles):
        uses.handled(name, gone, gone, handles)
    return gone


def _direct_call(index, module: cst.Module, feeder: str, ref: cst.Attribute) -> str | None:
    """Where ``ref`` (``tq.push``) is called outright (each call one enqueue, an "append" method), by a function
    or method that threads may run: the reason to refuse, naming the caller. None where it is not a call."""
    call = next((c for c in nodes_of(module, cst.Call) if c.func is ref), None)
    if call is None:
        return None
    caller = None
    for fn in nodes_of(module, cst.FunctionDef):  # (the innermost function holding the call)
        if any(c is call for c in nodes_of(fn, cst.Call)):
            caller = fn
    stmt = next((s for s in reversed(nodes_of(module, cst.SimpleStatementLine))
                 if any(c is call for c in nodes_of(s, cst.Call))), None)
    line = index.lines.get(stmt) if stmt is not None else None
    where = (f" by `{caller.name.value}`" if caller is not None else "") + (f" (line {line})" if line else "")
    return (f"`{feeder}`, the method that runs the enqueue, is called outright{where} rather than made a thread's "
            "target: each call's element, and the threads running its callers, are not followed into a generator; "
            "not rewritten")


def outside_data_thread(index, module: cst.Module, feeder: cst.FunctionDef, uses_: list[cst.Attribute],
                        coords: list[str], gone: list[cst.CSTNode], attr: str, code
                        ) -> tuple[cst.SimpleStatementLine, cst.SimpleStatementLine]:
    """The one thread made outside the class on its feeding method, given data besides its session and
    coordinators (``Thread(target=dq.thread_main, args=(sess, coord, chunks(rows)))``): (its statement, the line
    that stands for it, keeping the data arguments on the instance: ``dq._thread_main_args = [(chunks(rows),)]``,
    evaluated where legacy made the thread, read by the generator when tf.data first runs it). ``gone`` (what
    ``outside_threads`` found) loses that statement. Refused where the instance is not a plain name."""
    ref = uses_[0]
    call = next(c for c in index.threads if any(n is ref for n in nodes_of(c, cst.Attribute)))
    stmt = next((s for s in gone if isinstance(s, cst.SimpleStatementLine) and any(
        c is call for c in nodes_of(s, cst.Call))), None)
    if stmt is None or not isinstance(ref.value, cst.Name):
        raise Refusal(f"the thread on `{feeder.name.value}` is not made on its own line on an instance held by a "
                      "name: the data it is given cannot be kept where it was made")
    from tfdata_bridge._src.migrate.feed.handed_coord import droppable

    args = thread_call_parts(call)[1][1:]
    params = feeder.params.params[2:]
    kept = [code(a) for a, p in zip(args, params) if p.name.value not in coords]
    dropped = [thread_call_parts(call)[1][0], *[a for a, p in zip(args, params) if p.name.value in coords]]
    if not all(droppable(cst.Arg(a)) for a in dropped):
        raise Refusal(f"the thread on `{feeder.name.value}` is handed a session or coordinator that dropping would "
                      "not run (not a name, an attribute or an inline `Coordinator()`)")
    gone.remove(stmt)
    items = ", ".join(kept) + ("," if len(kept) == 1 else "")
    line = cst.parse_statement(f"{ref.value.value}.{attr} = [({items})]\n")
    note = cst.EmptyLine(comment=cst.Comment(
        f"# tfdata-bridge migrate: no thread: `{feeder.name.value}` is read by tf.data, on the arguments kept here"))
    return stmt, line.with_changes(leading_lines=[*stmt.leading_lines, note])


def plain_close_after_feeder(finder, module: cst.Module, fn: cst.FunctionDef, queue: str,
                             close_calls: dict[str, cst.Call], at: cst.CSTNode | None = None) -> str | None:
    """Where the feeding function closes the queue (the generator's end) and the program runs a close of it
    outside the threads without ``cancel_pending_enqueues=True`` (``sess.run(close_op)`` on the way out): the
    reason to refuse. Legacy's second close of a closed queue raises ``CancelledError`` ("already closed"),
    which the program would no longer raise. ``close_calls``: the close ops' names and their ``queue.close(...)``;
    ``at``: a statement of the queue's block (a close of another function's queue of the same spelling is not
    this one's)."""
    same = _same(finder, at) if at is not None else (lambda ref, name: True)
    targets = {t.value if isinstance(t, cst.Name) else t.attr.value for c in finder.index.threads
               for t in [thread_target(c)] if isinstance(t, (cst.Name, cst.Attribute))}
    threaded = [f for f in nodes_of(module, cst.FunctionDef) if f is fn or f.name.value in targets]
    inside = {id(s) for f in threaded for s in nodes_of(f, cst.SimpleStatementLine)}
    for stmt in nodes_of(module, cst.SimpleStatementLine):
        call = runs(stmt)
        if call is None or id(stmt) in inside or len(call.args) != 1:
            continue
        op = call.args[0].value
        close = close_calls.get(op.value) if isinstance(op, cst.Name) and same(op, op.value) else None
        if close is None and isinstance(op, cst.Call) and isinstance(op.func, cst.Attribute) and \
                op.func.attr.value == "close" and isinstance(op.func.value, cst.Name) and op.func.value.value == queue \
                and same(op.func.value, queue):
            close = op
        if close is None or _cancels(close):
            continue
        line = finder.index.lines.get(stmt, "?")
        return (f"`{fn.name.value}` closes the queue, and line {line} closes it again without "
                "`cancel_pending_enqueues=True`: legacy raises `CancelledError` (the queue is already closed) "
                "there once the feeder has closed it, which a dataset would not; not rewritten")
    return None


def _cancels(close: cst.Call) -> bool:
    """``queue.close(cancel_pending_enqueues=True)`` (or ``close(True)``)."""
    for j, arg in enumerate(close.args):
        if (arg.keyword is None and j == 0) or (arg.keyword is not None
                                                and arg.keyword.value == "cancel_pending_enqueues"):
            return isinstance(arg.value, cst.Name) and arg.value.value == "True"
    return False
