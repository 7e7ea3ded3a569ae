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


def _bound(call: cst.Call) -> dict[str, cst.BaseExpression]:
    """``Thread(...)``'s arguments by its parameters' names."""
    bound: dict[str, cst.BaseExpression] = {}
    for i, arg in enumerate(call.args):
        if arg.star or (arg.keyword is None and i >= len(_THREAD_PARAMS)):
            raise Refusal("`threading.Thread` is called with arguments the rewrite does not know")
        bound[_THREAD_PARAMS[i] if arg.keyword is None else arg.keyword.value] = arg.value
    return bound


def thread_target(call: cst.Call) -> cst.BaseExpression | None:
    """The ``target=`` of ``Thread(...)``, whatever its arguments."""
    return _bound(call).get("target")


def thread_values(call: cst.Call) -> list[cst.BaseExpression]:
    """What ``Thread(...)`` hands its target: the items of a literal ``args=`` and the values of a literal
    ``kwargs=`` dict (unbound: the names each reads)."""
    bound = _bound(call)
    out = [e.value for e in bound["args"].elements] if isinstance(bound.get("args"), (cst.Tuple, cst.List)) else []
    kwargs = bound.get("kwargs")
    if isinstance(kwargs, cst.Dict):
        out += [e.value for e in kwargs.elements if isinstance(e, cst.DictElement)]
    elif isinstance(kwargs, cst.Call):
        out += [a.value for a in kwargs.args]
    return out


def thread_call_parts(call: cst.Call, params: list[cst.Param] | None = None
                      ) -> tuple[cst.BaseExpression | None, list[cst.BaseExpression]]:
    """(target, positional args) of ``Thread(...)``; args must be a literal tuple or list. ``params``: the
    target's parameters, which a literal ``kwargs=`` dict (``{'sess': sess}``, ``dict(sess=sess)``) is bound to,
    its values then put at their parameters' places after ``args`` (refused without them)."""
    bound = _bound(call)
    args = bound.get("args")
    if args is not None and (not isinstance(args, (cst.Tuple, cst.List)) or any(
            isinstance(e, cst.StarredElement) for e in args.elements)):
        raise Refusal("the feeding thread's args= is not a literal tuple")
    given = [e.value for e in args.elements] if args is not None else []
    if bound.get("kwargs") is not None:
        if params is None:
            raise Refusal("the feeding thread is given kwargs=; not rewritten")
        given += _by_keyword(bound["kwargs"], [p.name.value for p in params], len(given))
    return bound.get("target"), given


def _by_keyword(kwargs: cst.BaseExpression, names: list[str], taken: int) -> list[cst.BaseExpression]:
    """A literal ``kwargs=`` (string keys, or ``dict(k=v)``) as the values of the parameters after the first
    ``taken``, in order: each of those up to the last one named must be named once (none left to its default
    before a named one), none beyond ``names``."""
    why = "the feeding thread's kwargs= does not name its target's parameters after its args= one by one"
    items: list[tuple[str, cst.BaseExpression]] = []
    if isinstance(kwargs, cst.Dict) and all(isinstance(e, cst.DictElement) and isinstance(e.key, cst.SimpleString)
                                            for e in kwargs.elements):
        items = [(e.key.evaluated_value, e.value) for e in kwargs.elements]
    elif isinstance(kwargs, cst.Call) and isinstance(kwargs.func, cst.Name) and kwargs.func.value == "dict" \
            and all(a.keyword is not None and not a.star for a in kwargs.args):
        items = [(a.keyword.value, a.value) for a in kwargs.args]
    else:
        raise Refusal("the feeding thread's kwargs= is not a literal dict; not rewritten")
    keys = [k for k, _ in items]
    if len(set(keys)) != len(keys) or not set(keys) <= set(names[taken:]):
        raise Refusal(why)
    last = max((names.index(k) for k in keys), default=taken - 1)
    if set(names[taken:last + 1]) != set(keys):
        raise Refusal(why)
    values = dict(items)
    return [values[n] for n in names[taken:last + 1]]


class ThreadUses:
    """Finds what the program does with thread handles, in the blocks of ``index`` (to_tfdata's index)."""

    def __init__(self, index, module: cst.Module, scopes=None) -> None:
        self.index = index
        self.module = module
        self.scopes = scopes  # (``scopes.Scopes``, where known: a handle's reads by binding, not by spelling)
        self.anchors: list[cst.CSTNode] = []  # the thread calls whose handles these are (where they are bound)
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
        return [r for r in self.index.refs.get(name, []) if id(r) not in inside and self.means_handle(r, name)]

    def means_handle(self, ref: cst.Name, name: str) -> bool:
        """``ref`` may read the handle ``name`` bound where a thread of ``anchors`` is made (by scope where the
        scopes are known: another function's ``thread`` of the same spelling is another thread)."""
        if self.scopes is None or not self.anchors:
            return True
        return any(self.scopes.same_binding(ref, a, name) for a in self.anchors)

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
    around = _loops_around(uses.module, stmt)
    direct = next((f for f in uses.fors if isinstance(f.body, cst.IndentedBlock) and stmt in f.body.body), None)
    if around and (len(around) > 1 or around[0] is not direct):
        # (made in a ``while``, under an ``if`` in a loop, or in nested loops: how many threads, on what, is not
        # one loop header the generator could repeat)
        raise Refusal("the feeding thread is made in a loop other than one plain `for` whose body makes it")
    if isinstance(small, cst.Expr) and isinstance(small.value, cst.Call) and \
            isinstance(small.value.func, cst.Attribute) and small.value.func.value is call \
            and small.value.func.attr.value == "start":  # Thread(...).start()
        if direct is None:
            gone.append(stmt)
            return None, False
        if len(direct.body.body) != 1 or direct.orelse:  # ``for i in ...: Thread(...).start()``
            raise Refusal("the loop that starts the feeding threads does more than start them")
        gone.append(direct)
        return f"for {code(direct.target)} in {code(direct.iter)}:", True
    if not (isinstance(small, cst.Assign) and len(small.targets) == 1 and isinstance(small.targets[0].target, cst.Name)):
        raise Refusal("the feeding thread is neither assigned to a name nor started where it is made")
    name = small.targets[0].target.value
    if isinstance(small.value, cst.ListComp) and small.value.elt is call:
        comp = small.value.for_in
        if comp.inner_for_in is not None or comp.ifs or around:
            raise Refusal("the feeding threads are made by a comprehension with conditions or nested loops, or "
                          "in a loop")
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


def _loops_around(module: cst.Module, stmt: cst.CSTNode) -> list[cst.CSTNode]:
    """The ``for`` / ``while`` loops holding ``stmt`` inside the function that holds it (all of them at the
    module level)."""
    home = enclosing(module, stmt)
    return [loop for kind in (cst.For, cst.While) for loop in nodes_of(module, kind)
            if any(n is stmt for n in nodes_of(loop, type(stmt))) and enclosing(module, loop) is home]


def appended_to(stmt: cst.CSTNode, name: str) -> set[str]:
    for call in nodes_of(stmt, cst.Call):
        if isinstance(call.func, cst.Attribute) and call.func.attr.value == "append" and \
                isinstance(call.func.value, cst.Name) and len(call.args) == 1 and \
                isinstance(call.args[0].value, cst.Name) and call.args[0].value.value == name:
            return {call.func.value.value}
    return set()
