"""The callers, in other modules of a tree, of a feeding class's starting method, once the class feeds no thread.

    feeder = WindowFeeder(4, 2, 2)                        # the program (another module of the tree)
    thread = feeder.start(sess, generator, coord)         # -> feeder.start(sess, generator)   (None now)
    ...
    coord.join([thread])                                  # -> coord.join([])

The class form (``klass.py``) makes its starter start no thread: it keeps the feeding method's arguments and
returns ``None`` where it returned one thread (``[]`` for a list), and a coordinator parameter that only went
to the thread may go from it. In the class's own module the calls are changed with it (``class_coord.py``,
``handles.py``); here the same is done to the calls of another module: the arguments of the parameters that
went are dropped (where dropping runs nothing: a name, an attribute, an inline ``Coordinator()``), and the
joins of the one thread it returned go. The program's coordinator is then the plumbing pass's again.

Where that module uses the class otherwise (the instance passed on, the class named other than in a call kept
under a name, the starter read other than called, its handle used other than joined, an attribute the
rewrite took from the class read), the reason is returned and the class's module is left as it was
(``across.py``, ``tree.py``).
"""

from __future__ import annotations

from dataclasses import dataclass, field

import libcst as cst
from libcst.helpers import get_full_name_for_node
from libcst.metadata import PositionProvider

from tfdata_bridge._src.migrate.calls import ArgsSwapped, Refusal, holder_of, nodes_of, v1_prefix, wrapped
from tfdata_bridge._src.migrate.feed.class_coord import drop_args
from tfdata_bridge._src.migrate.feed.coord import refs
from tfdata_bridge._src.migrate.feed.handed_coord import droppable, uses_of_class
from tfdata_bridge._src.migrate.feed.handles import follow_handle
from tfdata_bridge._src.migrate.feed.members import contains, methods_of
from tfdata_bridge._src.migrate.whole_lists import dequeued


@dataclass
class Interface:
    """What the rewrite changed in a class's interface, as its callers see it."""

    cls: str
    old: dict[str, cst.FunctionDef] = field(default_factory=dict)  # the original methods (their parameters)
    dropped: dict[str, list[str]] = field(default_factory=dict)  # method -> its parameters that went
    handles: list[str] = field(default_factory=list)  # starters that returned one thread, ``None`` now
    gone: list[str] = field(default_factory=list)  # attributes taken from the class, methods no longer the same
    emptied: dict[str, list[str]] = field(default_factory=dict)  # method -> parameters it no longer reads
    remote: dict[str, str] = field(default_factory=dict)  # queue attribute (a dataset now) -> its queue kind
    listed: set[str] = field(default_factory=set)  # those whose whole dequeue gave a list (``whole_lists.dequeued``)
    read_at: list[tuple[str, str, int]] = field(default_factory=list)  # (module, attribute, line): its dequeues
    # feeding method -> (attribute, data positions, args, why left): a thread another module makes on it
    threaded: dict[str, tuple[str, list[int], int, str]] = field(default_factory=dict)
    threads_at: list[tuple[str, str, int]] = field(default_factory=list)  # (module, instance, line): those threads

    @property
    def changed(self) -> bool:
        return bool(self.dropped or self.handles or self.gone or self.remote or self.threaded)


def interface(old_cls: cst.ClassDef, new_cls: cst.ClassDef, gone: list[str], handles: list[str],
              remote: dict[str, str] | None = None, threaded: dict | None = None, listed: set[str] | None = None
              ) -> Interface:
    """The class's interface changes, from its original and rewritten definitions: the attributes the rewrite
    took (``gone``), the starters returning ``None`` now (``handles``), each method's parameters that went, and
    the methods gone or made generators (the feeding method) as gone too."""
    old, new = methods_of(old_cls), methods_of(new_cls)
    out = Interface(old_cls.name.value, old=old, handles=list(handles),
                    gone=[g for g in gone if g not in handles], remote=dict(remote or {}), threaded=dict(threaded or {}),
                    listed=set(listed or ()))
    for name, method in old.items():
        now = new.get(name)
        yields = lambda m: bool(nodes_of(m.body, cst.Yield))  # noqa: E731
        if now is None or yields(now) and not yields(method):
            if name not in out.threaded:  # (a thread's target: ``caller_edits`` follows that thread)
                out.gone.append(name)
            continue
        kept = {p.name.value for p in now.params.params}
        params = [p.name.value for p in method.params.params[1:] if p.name.value not in kept]
        if params:
            out.dropped[name] = params
        unread = [p.name.value for p in now.params.params[1:] if p.default is None and name != "__init__"
                  and not refs(now.body, p.name.value) and refs(method.body, p.name.value)]
        if unread:  # (``__init__``'s: ``handed_coord.py``)
            out.emptied[name] = unread
    return out


def coordinators_passed(module: cst.Module, qname: str, package: str, face: Interface) -> dict[tuple[str, str], bool]:
    """(method, parameter) -> whether every call of the method in ``module`` on an instance of the class passes
    that emptied parameter a coordinator (an inline ``Coordinator()``, or a name bound only to one): dropping
    it runs nothing, and the coordinator is the plumbing pass's."""
    uses = uses_of_class(module, qname, package) if face.emptied else []
    calls = {id(c.func): c for c in nodes_of(module, cst.Call)}
    instances = set()
    for a in nodes_of(module, cst.Assign):
        if isinstance(a.value, cst.Call) and any(a.value.func is u for u in uses):
            instances |= {get_full_name_for_node(t.target) for t in a.targets} - {None}
    bound: dict[str, list[cst.BaseExpression]] = {}
    for a in nodes_of(module, cst.Assign):
        for t in a.targets:
            if isinstance(t.target, cst.Name):
                bound.setdefault(t.target.value, []).append(a.value)
    out: dict[tuple[str, str], bool] = {}
    for attr in nodes_of(module, cst.Attribute):
        method = attr.attr.value
        if get_full_name_for_node(attr.value) not in instances or method not in face.emptied:
            continue
        call = calls.get(id(attr))
        names = [p.name.value for p in face.old[method].params.params[1:]]
        for param in face.emptied[method]:
            args = [] if call is None else [a for j, a in enumerate(call.args) if a.keyword is None and j < len(
                names) and names[j] == param or a.keyword is not None and a.keyword.value == param]
            ok = call is not None and not any(a.star for a in call.args) and len(args) == 1 and (
                _coordinator(args[0].value) or isinstance(args[0].value, cst.Name) and all(
                    _coordinator(v) for v in bound.get(args[0].value.value, [None])))
            out[(method, param)] = out.get((method, param), True) and ok
    return out


def _coordinator(value) -> bool:
    """An inline ``Coordinator()`` (``tf.train.Coordinator()``, ``Coordinator()``)."""
    func = value.func if isinstance(value, cst.Call) and not value.args else None
    return isinstance(func, (cst.Name, cst.Attribute)) and \
        (func.attr.value if isinstance(func, cst.Attribute) else func.value) == "Coordinator"


def caller_edits(module: cst.Module, qname: str, package: str, face: Interface, where: str = "",
                 owners: set[str] | None = None, handed=None) -> tuple[cst.Module, list[tuple[int, str]]] | None:
    """``module`` with its calls of the class's changed methods changed as the class's own module's were, and
    (line, what was done) for each; None where it names the class nowhere or no change reaches it. Raises
    ``Refusal`` (saying why, at which line) where a use cannot be followed.

    ``owners``: the names an instance is read through in a module that does not name the class (``self.memory``
    of a class whose constructor was handed one: ``handed_instance.py``). ``handed(module, call, arg, at)``: an
    instance passed whole to a constructor, the owner names it is read through there when that class is in
    this module (empty where in another, followed there), or ``Refusal``."""
    uses = uses_of_class(module, qname, package) if owners is None else []
    if not (uses or owners) or not face.changed:
        return None
    pos = wrapped(module).resolve(PositionProvider)
    lines = nodes_of(module, cst.SimpleStatementLine)
    at = lambda node: pos[node].start.line if node in pos else "?"  # noqa: E731
    calls = {id(c.func): c for c in nodes_of(module, cst.Call)}
    cls = face.cls
    # (a taken attribute alone: only its reads through an instance)
    strict = bool(face.dropped or face.handles or face.remote or face.threaded)
    instances: dict[str, list[cst.BaseExpression]] = {}
    swaps: dict[cst.Call, tuple[cst.Call, str]] = {}
    whole: dict[cst.Call, cst.BaseExpression] = {}  # a dequeue of the queue, now of the class's dataset
    for use in uses:
        call = calls.get(id(use))
        stmt = holder_of(lines, use)
        small = stmt.body[0] if stmt is not None and len(stmt.body) == 1 else None
        target = small.targets[0].target if isinstance(small, cst.Assign) and small.value is call and \
            call is not None and len(small.targets) == 1 else None
        name = get_full_name_for_node(target) if isinstance(target, (cst.Name, cst.Attribute)) else None
        if name is None:
            if strict:
                raise Refusal(f"uses `{cls}` at line {at(use)} other than made and kept under a name")
            continue
        instances.setdefault(name, []).append(target)
        if "__init__" in face.dropped:
            swaps[call] = (drop_args(call, face.old["__init__"], face.dropped["__init__"]), "__init__")
    for owner in owners or ():
        instances.setdefault(owner, [])
    # each instance under a plain name: bound only to the class, read only as ``name.attribute``
    plain = {n for n in instances if "." not in n} if strict else set()
    read_on = {id(a.value) for a in nodes_of(module, cst.Attribute)}
    for target in [t.target for a in nodes_of(module, cst.Assign) for t in a.targets] + \
            [w.asname.name for w in nodes_of(module, cst.WithItem) if w.asname is not None] + \
            [f.target for f in nodes_of(module, cst.For)]:
        names_in = {id(a.attr) for a in nodes_of(target, cst.Attribute)}  # (``self.replay = ...``: no rebinding)
        for name in nodes_of(target, cst.Name):
            if name.value in plain and id(name) not in names_in and not any(name is t for t in instances[name.value]):
                raise Refusal(f"binds `{name.value}`, a `{cls}`, again at line {at(name)}")
    targets = {id(t) for ts in instances.values() for t in ts}
    attrs = {id(a.attr) for a in nodes_of(module, cst.Attribute)}
    attrs |= {id(n) for i in [*nodes_of(module, cst.Import), *nodes_of(module, cst.ImportFrom)]
              for n in nodes_of(i, cst.Name)}  # (``from feeder import Feeder``: a module's name, no instance)
    passed = {id(a.value): (c, a) for c in nodes_of(module, cst.Call) for a in c.args}
    attrs |= {id(a.keyword) for c in nodes_of(module, cst.Call) for a in c.args if a.keyword is not None}
    # (a function's parameter of the same name is its own: ``def __init__(self, pool): self.source = pool``)
    attrs |= {id(n) for f in nodes_of(module, cst.FunctionDef) for p in nodes_of(f.params, cst.Param)
              if p.name.value in plain for n in nodes_of(f, cst.Name) if n.value == p.name.value}
    for name in nodes_of(module, cst.Name):
        if name.value in plain and id(name) not in read_on and id(name) not in targets and id(name) not in attrs:
            if handed is not None and id(name) in passed:  # (``DQNAgent(mem)``: followed into that class)
                for owner in handed(module, *passed[id(name)], at):
                    instances.setdefault(owner, [])
                continue
            raise Refusal(f"passes on or reads whole `{name.value}`, a `{cls}`, at line {at(name)}")
    removed: list[cst.CSTNode] = []
    replaced: dict[cst.SimpleStatementLine, list[cst.BaseStatement]] = {}
    done: list[tuple[int, str]] = []
    threads_before = len(face.threads_at)
    for attr in nodes_of(module, cst.Attribute):
        owner = get_full_name_for_node(attr.value)
        if owner not in instances:
            continue
        method = attr.attr.value
        if method in face.remote:  # ``feeder.queue.dequeue_many(n)``: the dataset the class keeps there, read
            read = _remote_read(module, attr, face.remote[method], lines, calls)
            if read is None and not v1_prefix(module):
                raise Refusal(f"dequeues `{owner}.{method}` (line {at(attr)}) but imports no `tensorflow` module "
                              "to read the class's dataset with")
            if read is None:
                raise Refusal(f"reads `{owner}.{method}` (line {at(attr)}) other than by one `dequeue_many(n)`, "
                              "`dequeue_up_to(n)` or `dequeue()`, where the class's queue is a dataset now")
            stmt, call, new = read
            small = stmt.body[0] if isinstance(stmt, cst.SimpleStatementLine) else None
            if getattr(small, "value", None) is call:  # dequeued whole: legacy's list of two or more components
                new = cst.parse_expression(dequeued(module.code_for_node(new), 2 if method in face.listed else 1,
                                                    False, small))
            if stmt in replaced:
                raise Refusal(f"dequeues `{owner}.{method}` twice in the statement at line {at(attr)}")
            face.read_at.append((where, method, at(attr)))
            whole[call] = new
            done.append((at(call), f"`{owner}.{method}.{call.func.attr.value}(...)` reads the dataset `{cls}` keeps "
                                   f"in `{method}` now (its feeding thread is a generator tf.data reads)"))
            continue
        if method in face.threaded:  # ``t = threading.Thread(target=dq.thread_main, args=(sess, coord, rows))``
            _thread_on(module, attr, owner, face, where, at, pos, lines, removed, replaced)
            done.append((at(attr), f"the thread on `{owner}.{method}` goes: the data it was given is kept on "
                                   f"`{owner}` for the generator `{cls}.{method}` is now"))
            continue
        if method in face.gone:
            raise Refusal(f"reads `{owner}.{method}` (line {at(attr)}), which the feed-thread rewrite takes from "
                          "the class")
        if method not in face.dropped and method not in face.handles:
            continue
        call = calls.get(id(attr))
        if call is None:
            raise Refusal(f"reads `{owner}.{method}` (line {at(attr)}) other than calling it")
        what = []
        if method in face.dropped:
            params = face.dropped[method]
            old = face.old[method]
            names = [p.name.value for p in old.params.params[1:]]
            if any(a.star for a in call.args):
                raise Refusal(f"calls `{owner}.{method}` with `*args` (line {at(call)})")
            for j, a in enumerate(call.args):
                if (a.keyword is None and j < len(names) and names[j] in params or a.keyword is not None
                        and a.keyword.value in params) and not droppable(a):
                    raise Refusal(f"passes `{owner}.{method}` (line {at(call)}) an argument for a parameter that "
                                  "went, which dropping would not run")
            swaps[call] = (drop_args(call, old, params), method)
            what.append("its argument" + ("s" if len(params) > 1 else "") + " for " +
                        ", ".join(f"`{p}`" for p in params) + " dropped")
        if method in face.handles:
            stmt = holder_of(lines, call)
            small = stmt.body[0] if stmt is not None and len(stmt.body) == 1 else None
            if isinstance(small, cst.Assign) and small.value is call and len(small.targets) == 1 and \
                    isinstance(small.targets[0].target, cst.Name):
                scope = next((f for f in reversed(nodes_of(module, cst.FunctionDef)) if contains(f, stmt)), module)
                before = len(removed) + len(replaced)
                try:
                    follow_handle(_Lines(pos), scope, stmt, small.targets[0].target.value, method, True, lines,
                                  removed, replaced)
                except Refusal as exc:
                    raise Refusal(f"uses the thread `{owner}.{method}` returns beyond its joins: {exc}") from None
                if len(removed) + len(replaced) > before:
                    what.append("the thread it returned (`None` now) no longer joined")
            elif not (isinstance(small, cst.Expr) and small.value is call):
                raise Refusal(f"keeps the thread `{owner}.{method}` returns (line {at(call)}) other than under a "
                              "name; it makes no thread now")
        if what:
            done.append((at(call), f"`{owner}.{method}(...)`: " + ", ".join(what) + f" (`{cls}` feeds no thread "
                                                                                 "now: tf.data reads its data)"))
    by_stmt: dict[cst.SimpleStatementLine, dict[cst.Call, cst.Call]] = {}
    for call, (new, _) in swaps.items():
        stmt = holder_of(lines, call)
        if stmt is None or stmt in replaced or stmt in removed:
            raise Refusal(f"calls `{cls}` at line {at(call)} where the rewrite cannot change the call")
        by_stmt.setdefault(stmt, {})[call] = new
    if "__init__" in face.dropped and swaps:
        done.append((min(at(c) for c, (_, m) in swaps.items() if m == "__init__"),
                     f"`{cls}(...)`: its arguments for " + ", ".join(f"`{p}`" for p in face.dropped["__init__"]) +
                     " dropped (the rewritten class takes them no more)"))
    for call in whole:
        stmt = holder_of(lines, call)
        if stmt is None or stmt in removed:
            raise Refusal(f"dequeues `{cls}`'s queue at line {at(call)} where the rewrite cannot change the call")
        by_stmt.setdefault(stmt, {})
    for stmt, swapped in by_stmt.items():
        replaced[stmt] = [stmt.visit(_Whole(whole, swapped))]
    if not removed and not replaced:
        return None
    out = module.visit(_Edited(set(map(id, removed)), {id(k): v for k, v in replaced.items()}))
    return (_without_threading(out) if len(face.threads_at) > threads_before else out), done


def _without_threading(module: cst.Module) -> cst.Module:
    """``module`` less its top-level ``import threading`` where nothing in it reads ``threading`` any more (the
    feeding thread it made was its only use)."""
    imports = [s for s in module.body if isinstance(s, cst.SimpleStatementLine) and len(s.body) == 1 and isinstance(
        s.body[0], cst.Import) and len(s.body[0].names) == 1 and s.body[0].names[0].asname is None and isinstance(
        s.body[0].names[0].name, cst.Name) and s.body[0].names[0].name.value == "threading"]
    mine = {id(n) for s in imports for n in nodes_of(s, cst.Name)}
    if len(imports) != 1 or any(n.value == "threading" and id(n) not in mine for n in nodes_of(module, cst.Name)):
        return module
    return module.with_changes(body=[s for s in module.body if s is not imports[0]])


def _thread_on(module: cst.Module, attr: cst.Attribute, owner: str, face: Interface, where: str, at, pos, lines,
               removed: list, replaced: dict) -> None:
    """``t = threading.Thread(target=dq.thread_main, args=(sess, coord, rows))`` (or ``Thread(...).start()``) on
    an instance under a plain name, made once (in no loop): that line keeps the data arguments on the instance
    (``dq._thread_main_args = [(rows,)]``), the handle's ``daemon``, ``start`` and joins go (``handles.py``).
    Raises ``Refusal`` where the feeding method is read otherwise."""
    from tfdata_bridge._src.migrate.feed.threads import thread_call_parts

    method = attr.attr.value
    kept_attr, positions, count, _why = face.threaded[method]
    call = next((c for c in nodes_of(module, cst.Call) if (get_full_name_for_node(c.func) or "").rsplit(".", 1)[-1]
                 == "Thread" and any(a.keyword is not None and a.keyword.value == "target" and a.value is attr
                                     for a in c.args)), None)
    if call is None or "." in owner:
        raise Refusal(f"reads `{owner}.{method}` (line {at(attr)}), which the feed-thread rewrite makes a "
                      "generator, other than as the `target=` of one `threading.Thread(...)` on an instance under "
                      "a plain name")
    args = thread_call_parts(call)[1]
    if len(args) != count:
        raise Refusal(f"makes the thread on `{owner}.{method}` (line {at(call)}) with {len(args)} positional args "
                      f"for its {count} parameters after `self`")
    stmt = holder_of(lines, call)
    small = stmt.body[0] if stmt is not None and len(stmt.body) == 1 else None
    loops = [n for kind in (cst.For, cst.While) for n in nodes_of(module, kind) if contains(n, call)]
    if loops or not (isinstance(small, cst.Assign) and small.value is call and len(small.targets) == 1
                     and isinstance(small.targets[0].target, cst.Name) or isinstance(small, cst.Expr)
                     and isinstance(small.value, cst.Call) and isinstance(small.value.func, cst.Attribute)
                     and small.value.func.value is call and small.value.func.attr.value == "start"):
        raise Refusal(f"makes the thread on `{owner}.{method}` (line {at(call)}) other than once, on its own line "
                      "(`t = threading.Thread(...)` or `threading.Thread(...).start()`, in no loop)")
    if not all(droppable(cst.Arg(a)) for j, a in enumerate(args) if j - 1 not in positions):
        raise Refusal(f"hands the thread on `{owner}.{method}` (line {at(call)}) a session or coordinator that "
                      "dropping would not run (not a name, an attribute or an inline `Coordinator()`)")
    data = [module.code_for_node(args[1 + k]) for k in positions]
    items = ", ".join(data) + ("," if len(data) == 1 else "")
    keep = cst.parse_statement(f"{owner}.{kept_attr} = [({items})]\n").with_changes(leading_lines=[
        *stmt.leading_lines, cst.EmptyLine(comment=cst.Comment(
            f"# tfdata-bridge migrate: no thread: `{method}` is read by tf.data, on the arguments kept here"))])
    if isinstance(small, cst.Assign):
        scope = next((f for f in reversed(nodes_of(module, cst.FunctionDef)) if contains(f, stmt)), module)
        try:
            follow_handle(_Lines(pos), scope, stmt, small.targets[0].target.value, method, True, lines, removed,
                          replaced, started=True)
        except Refusal as exc:
            raise Refusal(f"uses the thread on `{owner}.{method}` beyond starting and joining it: {exc}") from None
    replaced[stmt] = [keep]
    face.threads_at.append((where, owner, at(call)))


def _remote_read(module: cst.Module, attr: cst.Attribute, kind: str, lines, calls):
    """(its statement, the dequeue call, what stands for it) where ``attr`` (``feeder.queue``) is dequeued:
    ``feeder.queue.dequeue_many(n)`` -> ``tf.data.make_one_shot_iterator(feeder.queue.batch(n)...).get_next()``,
    through the module's own ``tensorflow`` alias; None otherwise."""
    from tfdata_bridge._src.compiler import emit
    from tfdata_bridge._src.migrate.calls import v1_prefix
    from tfdata_bridge._src.migrate.feed import printer
    from tfdata_bridge._src.migrate.feed.queue import DEQUEUES

    method = next((a for a in nodes_of(module, cst.Attribute) if a.value is attr), None)
    call = calls.get(id(method)) if method is not None else None
    v1 = v1_prefix(module)
    if call is None or method.attr.value not in DEQUEUES or not v1 or any(
            a.star or a.keyword is not None and a.keyword.value != "name" for a in call.args):
        return None
    stmt = holder_of(lines, call)
    if stmt is None:
        return None
    chain = emit.chain(module.code_for_node(attr), printer.dequeue_steps(v1, kind, call, module.code_for_node))
    return stmt, call, cst.parse_expression(emit.one_shot_get_next(v1, chain))


class _Whole(cst.CSTTransformer):
    """Each call of ``calls`` (by identity) replaced by its new expression."""

    def __init__(self, calls: dict[cst.Call, cst.BaseExpression], swapped: dict[cst.Call, cst.Call]) -> None:
        super().__init__()
        self.calls = {id(k): v for k, v in calls.items()}
        self.args = ArgsSwapped(swapped)

    def leave_Call(self, original, updated):
        return self.calls.get(id(original)) or self.args.leave_Call(original, updated)


class _Lines:
    """``index.lines`` for ``handles.follow_handle``'s messages: a statement's line."""

    def __init__(self, pos) -> None:
        self.lines = _ByPos(pos)


class _ByPos:
    def __init__(self, pos) -> None:
        self.pos = pos

    def get(self, node, default=None):
        return self.pos[node].start.line if node in self.pos else default


class _Edited(cst.CSTTransformer):
    def __init__(self, removed: set[int], replaced: dict[int, list[cst.BaseStatement]]) -> None:
        super().__init__()
        self.removed, self.replaced = removed, replaced

    def leave_SimpleStatementLine(self, original, updated):
        if id(original) in self.removed:
            return cst.RemovalSentinel.REMOVE
        if id(original) in self.replaced:
            return cst.FlattenSentinel(self.replaced[id(original)])
        return updated

    def leave_IndentedBlock(self, original, updated):
        return updated if updated.body else updated.with_changes(body=[cst.SimpleStatementLine([cst.Pass()])])
