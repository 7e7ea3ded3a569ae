"""The threads that run a feeding function, and what the program does with them, for the feed-thread rewrite.

A feeding function ``fn`` is run by ``threading.Thread(target=fn, args=(...))`` made

    t = Thread(...)                                   # one thread
    ts = [Thread(...) for k in ITER]                  # one per item of ITER
    for k in ITER: t = Thread(...); t.start(); ts.append(t)      # the same, as a loop

Each thread's loop becomes one run of the generator, one after the other (``yield from``): the same multiset
as the threads side by side, in one of the orders legacy could deliver. What the program did with the threads
goes with them: ``start()``, ``join()``, ``daemon = ...``, ``setDaemon``, ``ts.append(t)``, loops over ``ts``
doing only those, ``coord.join(ts)`` / ``coord.join(ts + [closer])``, and a closer (a function run by its own
thread that only joins the feeders and runs the queue's close op). Any other use is refused, with the reason.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import libcst as cst

from tfdata_bridge._src.migrate.calls import Refusal, nodes_of

_THREAD_PARAMS = ("group", "target", "name", "args", "kwargs", "daemon")
_HANDLE_METHODS = ("start", "join", "setDaemon", "set_daemon")


@dataclass
class Feeders:
    """The generator expression's parts: ``call`` runs one thread's loop; ``loop`` (``for k in ITER``) repeats it."""
    calls: list[tuple[cst.BaseExpression | None, cst.For | cst.CompFor | None, list[cst.BaseExpression]]] = \
        field(default_factory=list)
    removed: list[cst.CSTNode] = field(default_factory=list)


def thread_call_parts(call: cst.Call) -> tuple[cst.BaseExpression | None, list[cst.BaseExpression]]:
    """(target, positional args) of ``Thread(...)``; args must be a literal tuple or list."""
    bound: dict[str, cst.BaseExpression] = {}
    for i, arg in enumerate(call.args):
        if arg.star or (arg.keyword is None and i >= len(_THREAD_PARAMS)):
            raise Refusal("`threading.Thread` is called with arguments the rewrite does not know")
        bound[_THREAD_PARAMS[i] if arg.keyword is None else arg.keyword.value] = arg.value
    if bound.get("kwargs") is not None:
        raise Refusal("the feeding thread is given kwargs=; not rewritten")
    args = bound.get("args")
    if args is None:
        return bound.get("target"), []
    if not isinstance(args, (cst.Tuple, cst.List)) or any(e.star for e in args.elements if hasattr(e, "star")
                                                            and isinstance(e, cst.StarredElement)):
        raise Refusal("the feeding thread's args= is not a literal tuple")
    return bound.get("target"), [e.value for e in args.elements]


class ThreadUses:
    """Finds what the program does with thread handles, in the blocks of ``index`` (to_tfdata's index)."""

    def __init__(self, index, module: cst.Module) -> None:
        self.index = index
        self.module = module
        self.stmts = nodes_of(module, cst.SimpleStatementLine)
        self.fors = nodes_of(module, cst.For)

    def holder(self, node: cst.CSTNode) -> cst.SimpleStatementLine:
        best = None
        for stmt in self.stmts:
            if any(n is node for n in nodes_of(stmt, type(node))):
                best = stmt
        if best is None:
            raise Refusal("the feeding thread is made outside a simple statement")
        return best

    def refs(self, name: str, skip: list[cst.CSTNode]) -> list[cst.Name]:
        inside = {id(n) for s in skip for n in nodes_of(s, cst.Name)}
        return [r for r in self.index.refs.get(name, []) if id(r) not in inside]

    def handled(self, name: str, skip: list[cst.CSTNode], out: list[cst.CSTNode], names: set[str]) -> None:
        """Every use of the thread (or list of threads) ``name`` outside ``skip`` is plumbing: collect it."""
        for ref in self.refs(name, skip + out):
            if any(id(ref) in {id(n) for n in nodes_of(s, cst.Name)} for s in out):
                continue
            loop = next((f for f in self.fors if ref is f.iter and isinstance(f.target, cst.Name)), None)
            if loop is not None:
                var = loop.target.value
                body = loop.body.body if isinstance(loop.body, cst.IndentedBlock) else []
                if not body or not all(self._handle_stmt(s, var, names | {var}) for s in body) or loop.orelse:
                    raise Refusal(f"a loop over the threads `{name}` does more than start, join or mark them daemon")
                out.append(loop)
                continue
            stmt = self.holder(ref)
            if not self._handle_stmt(stmt, name, names):
                raise Refusal(f"the thread `{name}` is used other than by start(), join(), daemon and "
                              f"`coord.join(...)`: line {self.index.lines.get(stmt, '?')}")
            out.append(stmt)

    def _handle_stmt(self, stmt: cst.CSTNode, name: str, names: set[str]) -> bool:
        if not (isinstance(stmt, cst.SimpleStatementLine) and len(stmt.body) == 1):
            return False
        small = stmt.body[0]
        if isinstance(small, cst.Assign) and len(small.targets) == 1 and isinstance(small.targets[0].target, cst.Name):
            return small.targets[0].target.value in names and isinstance(small.value, cst.List) \
                and not small.value.elements  # ts = []
        if isinstance(small, cst.Assign) and len(small.targets) == 1:  # t.daemon = True
            t = small.targets[0].target
            return isinstance(t, cst.Attribute) and isinstance(t.value, cst.Name) and t.value.value == name \
                and t.attr.value == "daemon"
        if isinstance(small, cst.Assign) or not isinstance(small, cst.Expr) or not isinstance(small.value, cst.Call):
            return False
        call = small.value
        func = call.func
        if not isinstance(func, cst.Attribute):
            return False
        if isinstance(func.value, cst.Name) and func.value.value == name and func.attr.value in _HANDLE_METHODS:
            return True
        if isinstance(func.value, cst.Name) and func.value.value in names and func.attr.value == "append" \
                and len(call.args) == 1 and isinstance(call.args[0].value, cst.Name) \
                and call.args[0].value.value == name:
            return True
        if func.attr.value == "join" and len(call.args) == 1:  # coord.join(ts), coord.join(ts + [closer])
            return _only_threads(call.args[0].value, names)
        return False


def _only_threads(expr: cst.BaseExpression, names: set[str]) -> bool:
    if isinstance(expr, cst.Name):
        return expr.value in names
    if isinstance(expr, cst.BinaryOperation) and isinstance(expr.operator, cst.Add):
        return _only_threads(expr.left, names) and _only_threads(expr.right, names)
    if isinstance(expr, (cst.List, cst.Tuple)):
        return all(_only_threads(e.value, names) for e in expr.elements)
    return False


def _is_close_call(op: cst.BaseExpression, queue: str) -> bool:
    """``queue.close()`` / ``queue.close(cancel_pending_enqueues=...)`` made inline in a ``run``."""
    return isinstance(op, cst.Call) and isinstance(op.func, cst.Attribute) and op.func.attr.value == "close" \
        and isinstance(op.func.value, cst.Name) and op.func.value.value == queue


def _runs(stmt: cst.CSTNode) -> cst.Call | None:
    """The call of ``<x>.run(...)`` that is the whole statement, or None."""
    if not (isinstance(stmt, cst.SimpleStatementLine) and len(stmt.body) == 1 and isinstance(stmt.body[0], cst.Expr)):
        return None
    call = stmt.body[0].value
    if isinstance(call, cst.Call) and isinstance(call.func, cst.Attribute) and call.func.attr.value == "run" \
            and call.args:
        return call
    return None


def _runs_close_of(stmt: cst.CSTNode, queue: str) -> bool:
    call = _runs(stmt)
    return call is not None and len(call.args) == 1 and _is_close_call(call.args[0].value, queue)


def _session_of(stmt: cst.CSTNode, op: str) -> str | None:
    """``sess`` for the statement ``sess.run(op, ...)``."""
    call = _runs(stmt)
    if call is None or not isinstance(call.func.value, cst.Name):
        return None
    first = call.args[0].value
    return call.func.value.value if isinstance(first, cst.Name) and first.value == op else None


@dataclass
class Threads:
    count: int  # 1, or 2 for several (or a loop's unknown number)
    single_plain: bool  # one thread passing nothing but the session: the generator is the function itself
    lines: list[str]  # the body of a generator running each thread's loop in turn


def _enclosing(module: cst.Module, node: cst.CSTNode) -> cst.FunctionDef | None:
    best = None
    for fn in nodes_of(module, cst.FunctionDef):
        if any(n is node for n in nodes_of(fn, type(node))):
            best = fn  # (source order: inner definitions come later)
    return best


def thread_plumbing(finder, fn: cst.FunctionDef, position: list[int], body, module: cst.Module | None,
                    close_ops: list[str], queue: str, close_runs: list[cst.SimpleStatementLine], plan) -> Threads:
    """The threads running ``fn`` (the arguments at ``position`` dropped: its session, unless it reads the
    session from its scope, and coordinators only checked), a closer and the close runs: into ``plan.removed``; what the generator runs, in ``Threads``."""
    if module is None:
        raise Refusal("the feed thread is rewritten only with its module")
    uses = ThreadUses(finder.index, module)
    code = finder.code
    fname = fn.name.value
    site = _enclosing(module, body[0])
    handles: set[str] = set()
    gone: list[cst.CSTNode] = [fn]
    parts: list[tuple[str | None, str]] = []
    count = 0
    closers = _closers(finder, module, fn, close_ops, queue, close_runs, gone, uses)
    for target_name, is_feeder in [*[(fname, True)], *[(c.name.value, False) for c in closers]]:
        owner = fn if is_feeder else next(c for c in closers if c.name.value == target_name)
        refs = [r for r in finder.index.refs.get(target_name, []) if r is not owner.name]
        if is_feeder and not refs:
            raise Refusal(f"`{fname}` is not run by a thread")
        for ref in refs:
            call = next((c for c in finder.index.threads if any(n is ref for n in nodes_of(c, cst.Name))), None)
            if call is None:
                raise Refusal(f"`{target_name}` is used other than as a `threading.Thread`'s target")
            target, args = thread_call_parts(call)
            if target is not ref:
                raise Refusal(f"`{target_name}` is used other than as a `threading.Thread`'s target")
            if _enclosing(module, call) is not site:
                raise Refusal(f"the thread running `{target_name}` is made in another function than the queue")
            if is_feeder and position:
                if len(args) <= max(position):
                    raise Refusal(f"the thread does not pass `{fname}` its session")
                args = [a for j, a in enumerate(args) if j not in position]
            elif not is_feeder and args:
                raise Refusal(f"the closer `{target_name}` takes arguments")
            text = f"{fname}({', '.join(code(a) for a in args)})"
            header, several = _made(uses, call, handles, gone, code)
            count += 2 if several else 1
            if is_feeder:
                parts.append((header, text))
    for name in sorted(handles):
        uses.handled(name, gone, gone, handles)
    plan.removed.extend(g for g in gone if g is not fn)
    single = len(parts) == 1 and parts[0][0] is None and parts[0][1] == f"{fname}()"
    lines: list[str] = []
    for header, text in parts:
        lines += [f"    {header}\n", f"        yield from {text}\n"] if header else [f"    yield from {text}\n"]
    return Threads(count, single, lines)


def _made(uses: ThreadUses, call: cst.Call, handles: set[str], gone: list[cst.CSTNode], code):
    """How the thread ``call`` is made: (the loop header that repeats it or None, several?); its statement (or
    loop) into ``gone``, the names holding it into ``handles``."""
    stmt = uses.holder(call)
    small = stmt.body[0] if len(stmt.body) == 1 else None
    if isinstance(small, cst.Expr) and isinstance(small.value, cst.Call) and \
            isinstance(small.value.func, cst.Attribute) and small.value.func.value is call \
            and small.value.func.attr.value == "start":  # Thread(...).start()
        gone.append(stmt)
        return None, False
    if not (isinstance(small, cst.Assign) and len(small.targets) == 1 and isinstance(small.targets[0].target, cst.Name)):
        raise Refusal("the feeding thread is neither assigned to a name nor started where it is made")
    name = small.targets[0].target.value
    if isinstance(small.value, cst.ListComp) and small.value.elt is call:
        comp = small.value.for_in
        if comp.inner_for_in is not None or comp.ifs:
            raise Refusal("the feeding threads are made by a comprehension with conditions or nested loops")
        handles.add(name)
        gone.append(stmt)
        return f"for {code(comp.target)} in {code(comp.iter)}:", True
    if small.value is not call:
        raise Refusal("the feeding thread is made inside an expression the rewrite cannot follow")
    handles.add(name)
    loop = next((f for f in uses.fors if isinstance(f.body, cst.IndentedBlock) and stmt in f.body.body), None)
    if loop is None:
        gone.append(stmt)
        return None, False
    for other in loop.body.body:  # the loop makes, starts and collects threads, nothing else
        if other is stmt:
            continue
        if not uses._handle_stmt(other, name, handles | {name} | _appended_to(other, name)):
            raise Refusal("the loop that makes the feeding threads does more than start and collect them")
        handles.update(_appended_to(other, name))
    if loop.orelse:
        raise Refusal("the loop that makes the feeding threads has an else")
    gone.append(loop)
    return f"for {code(loop.target)} in {code(loop.iter)}:", True


def _appended_to(stmt: cst.CSTNode, name: str) -> set[str]:
    for call in nodes_of(stmt, cst.Call):
        if isinstance(call.func, cst.Attribute) and call.func.attr.value == "append" and \
                isinstance(call.func.value, cst.Name) and len(call.args) == 1 and \
                isinstance(call.args[0].value, cst.Name) and call.args[0].value.value == name:
            return {call.func.value.value}
    return set()


def _closers(finder, module, fn, close_ops, queue, close_runs, gone, uses) -> list[cst.FunctionDef]:
    """The runs of the queue's close outside the feeding function: a closer function (it only joins the
    feeders and closes) goes with its thread; a close run anywhere else (on the way out) goes alone. The data
    end where the generator ends, as legacy's ended at the close."""
    runs = list(close_runs)
    for op in close_ops:
        for ref in finder.index.refs.get(op, []):
            stmt = uses.holder(ref)
            if stmt in gone or any(stmt is s for s in nodes_of(fn, cst.SimpleStatementLine)):
                continue
            if isinstance(stmt.body[0], cst.Assign) and any(stmt is s for s in runs):
                continue
            call = _runs(stmt)
            if call is None or len(call.args) != 1 or call.args[0].value is not ref:
                if isinstance(stmt.body[0], cst.Assign):  # the close op's own definition (removed by the caller)
                    continue
                raise Refusal(f"the close op `{op}` is used other than run on its own")
            runs.append(stmt)
    closers: list[cst.FunctionDef] = []
    for stmt in runs:
        if any(stmt is s for s in nodes_of(fn, cst.SimpleStatementLine)):
            continue
        holder = _enclosing(module, stmt)
        body = holder.body.body if holder is not None and isinstance(holder.body, cst.IndentedBlock) else []
        if holder is not None and holder is not fn and stmt in body and all(
                s is stmt or _runs(s) is not None and any(s is r for r in runs) or _joins_only(s) for s in body):
            if holder not in closers:
                closers.append(holder)
                gone.append(holder)
            continue
        gone.append(stmt)
    return closers


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
                    code) -> list[cst.CSTNode]:
    """What goes with threads made outside a class on its feeding method (``Thread(target=reader.feed,
    args=(sess,))``): one thread (it closes the queue: several would race), its statement and its plumbing."""
    uses = ThreadUses(index, module)
    if len(uses_) != 1:
        raise Refusal(f"`{feeder}` is the target of several threads, each closing the queue; not rewritten")
    ref = uses_[0]
    call = next((c for c in index.threads if any(n is ref for n in nodes_of(c, cst.Attribute))), None)
    if call is None or thread_call_parts(call)[0] is not ref:
        raise Refusal(f"`{feeder}` is used other than as one `threading.Thread`'s target")
    if len(thread_call_parts(call)[1]) != 1:
        raise Refusal(f"the thread does not pass `{feeder}` just its session")
    handles: set[str] = set()
    gone: list[cst.CSTNode] = []
    header, several = _made(uses, call, handles, gone, code)
    if several:
        raise Refusal(f"`{feeder}` is the target of threads made in a loop, each closing the queue; not rewritten")
    for name in sorted(handles):
        uses.handled(name, gone, gone, handles)
    return gone
