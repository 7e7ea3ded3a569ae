"""How a feeding thread is made and what the program does with its handle.

    t = Thread(target=fn, args=(...))                 # one thread
    ts = [Thread(...) for k in ITER]                  # one per item of ITER
    for k in ITER: t = Thread(...); t.start(); ts.append(t)      # the same, as a loop

A handle's uses that go with the thread: ``start()``, ``join()``, ``daemon = ...``, ``setDaemon``,
``ts.append(t)``, loops over ``ts`` doing only those, ``coord.join(ts)`` / ``coord.join(ts + [closer])``, and
reads of its state whose value is dropped (``t.isDaemon()``, ``t.is_alive()``, ``t.name``: ``quiet_use``).
Any other use is refused, with the reason (``print(t.is_alive())`` too: what it prints has no thread now).
"""

from __future__ import annotations

import libcst as cst

from tfdata_bridge._src.migrate.calls import Refusal, nodes_of

_THREAD_PARAMS = ("group", "target", "name", "args", "kwargs", "daemon")
_HANDLE_METHODS = ("start", "join", "setDaemon", "set_daemon")
_QUIET_CALLS = ("isDaemon", "is_alive", "getName")  # (not ``isAlive``: Python 3.9 removed it, the line raises)
_QUIET_READS = ("name", "daemon", "ident", "native_id")


def quiet_use(stmt: cst.CSTNode, is_handle) -> bool:
    """``t.isDaemon()``, ``t.is_alive()``, ``t.getName()``, ``t.name``, ``t.daemon`` as a statement of its own, on
    a handle (``is_handle(expr)``): a read of the thread's state whose value is dropped, which goes with the
    thread."""
    small = stmt.body[0] if isinstance(stmt, cst.SimpleStatementLine) and len(stmt.body) == 1 else None
    value = small.value if isinstance(small, cst.Expr) else None
    if isinstance(value, cst.Call) and not value.args and isinstance(value.func, cst.Attribute) \
            and value.func.attr.value in _QUIET_CALLS:
        return bool(is_handle(value.func.value))
    if isinstance(value, cst.Attribute) and value.attr.value in _QUIET_READS:
        return bool(is_handle(value.value))
    return False


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
            if any(ref is f.target and isinstance(f.iter, cst.Name) and f.iter.value in names for f in self.fors):
                continue  # (``for w in workers:`` reusing the handle's name: that loop is the list's, checked there)
            loop = next((f for f in self.fors if ref is f.iter and isinstance(f.target, cst.Name)), None)
            if loop is not None:
                var = loop.target.value
                body = loop.body.body if isinstance(loop.body, cst.IndentedBlock) else []
                if not body or not all(self.handle_stmt(s, var, names | {var}) for s in body) or loop.orelse:
                    raise Refusal(f"a loop over the threads `{name}` does more than start, join or mark them daemon")
                out.append(loop)
                continue
            stmt = self.holder(ref)
            if not self.handle_stmt(stmt, name, names):
                raise Refusal(f"the thread `{name}` is used other than by start(), join(), daemon, "
                              f"`coord.join(...)` and reads of its state left unused: line {self.index.lines.get(stmt, '?')}")
            out.append(stmt)

    def handle_stmt(self, stmt: cst.CSTNode, name: str, names: set[str]) -> bool:
        if not (isinstance(stmt, cst.SimpleStatementLine) and len(stmt.body) == 1):
            return False
        small = stmt.body[0]
        if quiet_use(stmt, lambda e: isinstance(e, cst.Name) and e.value == name):  # ``t.isDaemon()``
            return True
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


def enclosing(module: cst.Module, node: cst.CSTNode) -> cst.FunctionDef | None:
    best = None
    for fn in nodes_of(module, cst.FunctionDef):
        if any(n is node for n in nodes_of(fn, type(node))):
            best = fn  # (source order: inner definitions come later)
    return best


def made(uses: ThreadUses, call: cst.Call, handles: set[str], gone: list[cst.CSTNode], code):
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
        if not uses.handle_stmt(other, name, handles | {name} | appended_to(other, name)):
            raise Refusal("the loop that makes the feeding threads does more than start and collect them")
        handles.update(appended_to(other, name))
    if loop.orelse:
        raise Refusal("the loop that makes the feeding threads has an else")
    gone.append(loop)
    return f"for {code(loop.target)} in {code(loop.iter)}:", True


def appended_to(stmt: cst.CSTNode, name: str) -> set[str]:
    for call in nodes_of(stmt, cst.Call):
        if isinstance(call.func, cst.Attribute) and call.func.attr.value == "append" and \
                isinstance(call.func.value, cst.Name) and len(call.args) == 1 and \
                isinstance(call.args[0].value, cst.Name) and call.args[0].value.value == name:
            return {call.func.value.value}
    return set()
