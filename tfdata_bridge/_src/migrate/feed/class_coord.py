"""A coordinator that only the feeding class and its loop use goes with the thread (the class form).

    def __init__(self, data_dir, coord):  self.coord = coord        # kept as ``self.coord`` (WaveNet's reader)
    def start_threads(self, sess, coord): self.coord = coord        # or passed on: Thread(args=(sess, coord))
    COORD = tf.train.Coordinator()                                  # a module-level coordinator
    def thread_main(self, sess):          if self.coord.should_stop(): break   /  finally: coord.request_stop()

The loop's checks go (``coord.py``); ``self.coord = coord`` goes; a parameter that only fed it goes from its
method and from every call of that method in the module (``Reader(d, coord)`` -> ``Reader(d)``), so the
program's ``Coordinator`` is left to the plumbing pass. Where a call cannot be followed (``*args``, the class
or the method named other than in a call), that coordinator stays as it was: a refusal only where the
starting method, which makes no thread now, was the one to set it.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import libcst as cst

from tfdata_bridge._src.migrate.calls import ArgsSwapped, Refusal, holder_of, nodes_of
from tfdata_bridge._src.migrate.feed.coord import checked_names, refs
from tfdata_bridge._src.migrate.feed.members import contains, instance_uses, methods_of, self_assign


@dataclass
class Dropped:
    names: list[str] = field(default_factory=list)  # receivers whose checks go from the loop
    params: dict[str, list[str]] = field(default_factory=dict)  # method name -> its parameters that go
    stmts: list[cst.SimpleStatementLine] = field(default_factory=list)  # ``self.coord = coord``
    calls: dict[cst.Call, list[str]] = field(default_factory=dict)  # call -> the parameters whose arguments go


def class_coordinators(module: cst.Module, cls: cst.ClassDef, feeder: cst.FunctionDef, extra: list[str],
                       starter: cst.FunctionDef | None, gone: list[cst.CSTNode] = (),
                       session: str | None = None, made: list[cst.CSTNode] = ()) -> Dropped:
    """What goes with the thread: the loop's checks of coordinators it only checks (``extra``: the feeding
    method's own coordinator parameters, passed by the starter's thread), the statements that set them on
    ``self``, and the parameters that only fed them where every call of their method is in this module.
    ``session``: the attribute the feeding method read its session from, which goes with its enqueue runs.
    ``made``: the queue's ops the starter made for the thread (``op_makers.py``), which go with it."""
    me = feeder.params.params[0].name.value
    out = Dropped()
    methods = methods_of(cls)
    starter_sets = {a for s in (nodes_of(starter, cst.SimpleStatementLine) if starter is not None else ())
                    if (a := _assigned_attr(s, starter)) is not None and not any(s is m for m in made)}
    removable: dict[str, list[str]] = {}
    for name in checked_names(feeder):
        if "." not in name:  # a parameter (``extra``) or a module-level coordinator
            out.names.append(name)
            continue
        owner, attr = name.split(".", 1)
        if owner != me or "." in attr:
            continue
        sets = _sets(module, cls, feeder, attr, methods, gone)
        if sets is None:
            if attr in starter_sets:
                raise Refusal(f"`{me}.{attr}` is set in `{starter.name.value}`, which makes no thread now, and "
                              "is used where the rewrite cannot follow it")
            continue
        out.names.append(name)
        for method, stmt, param in sets:
            out.stmts.append(stmt)
            if param is not None:
                removable.setdefault(method, []).append(param)
    for attr in starter_sets - {n.split(".", 1)[1] for n in out.names if "." in n} - {session}:
        if any(contains(feeder, u) for u in instance_uses(module, cls, attr)):
            raise Refusal(f"`{me}.{attr}` is set in `{starter.name.value}`, which makes no thread now, and read "
                          f"by `{feeder.name.value}`")
    if starter is not None and extra:
        removable.setdefault(starter.name.value, []).extend(_thread_passed(starter, extra, feeder))
    for method, params in removable.items():  # (a method called elsewhere, or not plainly, keeps them: unused)
        calls = _calls_for(module, cls, methods, {method: params})
        if calls:
            out.params[method] = params
            for call, ps in calls.items():
                out.calls.setdefault(call, []).extend(ps)
    return out


def _assigned_attr(stmt: cst.SimpleStatementLine, method: cst.FunctionDef) -> str | None:
    found = self_assign(stmt, method.params.params[0].name.value) if method.params.params else None
    return found[0] if found is not None else None


def _set_stmts(module, cls, attr, methods) -> list[cst.SimpleStatementLine]:
    return [s for m in methods.values() for s in nodes_of(m, cst.SimpleStatementLine) if _assigned_attr(s, m) == attr]


def _sets(module, cls, feeder, attr, methods, gone=()) -> list[tuple[str, cst.SimpleStatementLine, str | None]] | None:
    """(method, statement, the parameter that only fed it or None) of each ``self.attr = name``, when those and
    the loop's checks (and what goes with the threads, ``gone``: a closer's) are every use of ``attr``; else
    None."""
    stmts = _set_stmts(module, cls, attr, methods)
    out = []
    for stmt in stmts:
        method = next(m for m in methods.values() if contains(m, stmt))
        value = stmt.body[0].value
        if method is feeder or not isinstance(value, cst.Name):
            return None
        params = [p.name.value for p in method.params.params]
        only = value.value in params[1:] and refs(method.body, value.value) == [value]
        out.append((method.name.value, stmt, value.value if only else None))
    gone = {id(a) for s in [*stmts, *gone] for a in nodes_of(s, cst.Attribute)}
    if any(id(u) not in gone and not contains(feeder, u) for u in instance_uses(module, cls, attr)):
        return None
    return out


def _thread_passed(starter: cst.FunctionDef, extra: list[str], feeder: cst.FunctionDef) -> list[str]:
    """The starter's parameters passed to the feeding thread for the feeding method's coordinator parameters."""
    positions = [j for j, p in enumerate(feeder.params.params[1:]) if p.name.value in extra]
    out = []
    for call in nodes_of(starter, cst.Call):
        args = next((a.value for a in call.args if a.keyword is not None and a.keyword.value == "args"), None)
        if isinstance(args, (cst.Tuple, cst.List)):
            out += [e.value.value for j, e in enumerate(args.elements)
                    if j in positions and isinstance(e.value, cst.Name)]
    params = {p.name.value for p in starter.params.params[1:]}
    return [p for p in dict.fromkeys(out) if p in params]


def _calls_for(module, cls, methods, params: dict[str, list[str]]) -> dict[cst.Call, list[str]] | None:
    """Every call in the module of the methods in ``params`` (``__init__``: the class's own calls), each with
    the parameters whose arguments go; None where a method is named other than in a call, or a call passes
    ``*args`` / ``**kwargs``."""
    out: dict[cst.Call, list[str]] = {}
    for mname, ps in params.items():
        if not ps:
            continue
        if mname == "__init__":
            supers = {id(a.value) for c in nodes_of(cls, cst.Call) if isinstance(c.func, cst.Name)
                      and c.func.value == "super" for a in c.args}  # (``super(Cls, self).__init__()``: no call)
            refs = [n for n in nodes_of(module, cst.Name) if n.value == cls.name.value and n is not cls.name
                    and id(n) not in supers]
            calls = [c for c in nodes_of(module, cst.Call) if isinstance(c.func, cst.Name) and c.func in refs]
        else:
            refs = [a for a in nodes_of(module, cst.Attribute) if a.attr.value == mname]
            calls = [c for c in nodes_of(module, cst.Call) if isinstance(c.func, cst.Attribute) and c.func in refs]
        if len(calls) != len(refs) or any(a.star for c in calls for a in c.args):
            return None
        for call in calls:
            out.setdefault(call, []).extend(ps)
    return out


def drop_args(call: cst.Call, method: cst.FunctionDef, params: list[str]) -> cst.Call:
    """``call`` of ``method`` without the arguments for ``params`` (positional by place, or by keyword)."""
    names = [p.name.value for p in method.params.params[1:]]
    positions = {names.index(p) for p in params if p in names}
    args = [a for j, a in enumerate(call.args)
            if not (a.keyword is None and j in positions) and not (a.keyword is not None and a.keyword.value in params)]
    if args and len(args) < len(call.args):
        args[-1] = args[-1].with_changes(comma=cst.MaybeSentinel.DEFAULT)
    return call.with_changes(args=args)


def drop_params(method: cst.FunctionDef, params: list[str]) -> cst.FunctionDef:
    kept = [p for p in method.params.params if p.name.value not in params]
    if len(kept) < len(method.params.params):
        kept[-1] = kept[-1].with_changes(comma=cst.MaybeSentinel.DEFAULT)
    return method.with_changes(params=method.params.with_changes(params=kept))


def drop_coordinators(module, methods: dict[str, cst.FunctionDef], dropped: Dropped, plan) -> None:
    """The coordinator's parameters go from their methods (``__init__`` rebuilt without the feed's statements),
    and their arguments from every call of those methods."""
    plan.removed += dropped.stmts
    lines = nodes_of(module, cst.SimpleStatementLine)
    for name, params in dropped.params.items():
        method = methods[name]
        if not params:
            continue
        if method in plan.replaced:  # the starter, emptied
            plan.replaced[method] = [drop_params(plan.replaced[method][0], params)]
        else:
            gone = set(plan.removed)
            plan.replaced[method] = [drop_params(method.visit(_Without(gone, plan.replaced)), params)]
    by_stmt: dict[cst.SimpleStatementLine, dict[cst.Call, cst.Call]] = {}
    for call, params in dropped.calls.items():
        stmt = holder_of(lines, call)
        if stmt is not None and stmt in plan.removed:
            continue
        if stmt is None or stmt in plan.replaced:
            raise Refusal("a call that passes the coordinator is where the rewrite cannot change it")
        name = "__init__" if isinstance(call.func, cst.Name) else call.func.attr.value
        by_stmt.setdefault(stmt, {})[call] = drop_args(call, methods[name], params)
    for stmt, calls in by_stmt.items():
        plan.replaced[stmt] = [stmt.visit(ArgsSwapped(calls))]


class _Without(cst.CSTTransformer):
    """A method without the simple statements in ``gone`` (``pass`` where a block empties), those in
    ``replaced`` replaced (the queue's part of a dataset, kept where the queue was made)."""

    def __init__(self, gone: set[cst.CSTNode], replaced: dict | None = None) -> None:
        super().__init__()
        self.gone = gone
        self.replaced = replaced or {}

    def leave_SimpleStatementLine(self, original, updated):
        if original in self.gone:
            return cst.RemovalSentinel.REMOVE
        return cst.FlattenSentinel(self.replaced[original]) if original in self.replaced else updated

    def leave_IndentedBlock(self, original, updated):
        return updated if updated.body else updated.with_changes(body=[cst.SimpleStatementLine([cst.Pass()])])
