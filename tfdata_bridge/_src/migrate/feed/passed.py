"""The feeding function handed its ops by the thread (the "load_and_enqueue" scripts):

    def load_and_enqueue(sess, coord, enqueue_op, close_op, x, y, chunks):   # module level, or nested
        for a, b in chunks:
            if coord.should_stop():
                break
            sess.run(enqueue_op, feed_dict={x: a, y: b})
        sess.run(close_op)
    ...
    t = threading.Thread(target=load_and_enqueue, args=[sess, coord, enqueue_op, close_op, x, y, chunks()])

Which parameter holds the enqueue op, the placeholders, the close op or the queue is read from the thread's
arguments (what each argument is bound to in the queue's scope), never from the parameters' spelling. The
generator is the function without those parameters; the arguments left are what the dataset passes it.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import libcst as cst

from tfdata_bridge._src.migrate.calls import free_name, is_docstring, names_in, nodes_of, Refusal
from tfdata_bridge._src.migrate.feed.placeholders import assigned
from tfdata_bridge._src.migrate.feed.threads import thread_call_parts, thread_target
from tfdata_bridge._src.migrate.feed.wrapped import Wrapped, wrapped_feeder


@dataclass
class Passed:
    fn: cst.FunctionDef
    enqueue: str  # the parameters that receive the queue's things
    placeholders: list[str]
    closes: list[str]
    queue: str | None
    drop: list[int]
    list_name: str | None = None  # the parameter given the list of placeholders the enqueue took  # the thread arguments' positions that go with them
    unpacks: list[cst.SimpleStatementLine] = field(default_factory=list)  # ``x, y = phs``: they go
    unpacked: list[str] = field(default_factory=list)  # the names those statements bind (read by nothing left)
    indexed: dict[str, list[str]] = field(default_factory=dict)  # ``phs[k]`` read as the name at k (``phs_0``)
    named: list[cst.SimpleStatementLine] = field(default_factory=list)  # ``phs = (x, y)`` handed by its name: goes
    wrapped: Wrapped | None = None  # the thread's target a wrapper made: ``fn`` is its inner function (wrapped.py)


def passed_feeder(finder, refs: list[cst.Name], region: list[cst.BaseStatement], enqueue_op: str, queue: str,
                  close_ops: list[str], placeholders: list[str], list_name: str | None = None) -> Passed | None:
    """The function a thread runs with the enqueue op among its arguments, or None when the op (its every read
    ``refs``) is not handed to one thread."""
    calls = [c for c in finder.index.threads if any(any(n is r for n in nodes_of(c, cst.Name)) for r in refs)]
    if len(calls) != 1 or not all(any(n is r for n in nodes_of(calls[0], cst.Name)) for r in refs):
        return None
    call = calls[0]
    target = thread_target(call)
    if isinstance(target, cst.Lambda):  # (one ``lambda_targets.py`` could spell with ``args=`` is not seen here)
        raise Refusal("the thread's target is a lambda that calls the feeding function with values it reads when "
                      "the thread runs (a name bound more than once, an attribute set again, an expression, a "
                      "`*`/`**` argument), which `args=` would read when the thread is made; hand them by "
                      "`Thread(target=feed, args=(...))`, each a name bound once")
    if not isinstance(target, cst.Name):
        raise Refusal("the thread handed the enqueue op runs something other than a function of this module")
    wrapped = wrapped_feeder(getattr(finder, "module", None), target, getattr(finder, "external", None)) \
        if not any(isinstance(s, cst.FunctionDef) and s.name.value == target.value for s in region) else None
    fn = wrapped.inner if wrapped is not None else _function(finder, region, target)
    params = fn.params
    args = thread_call_parts(call, params.params)[1]
    if not isinstance(params.star_arg, cst.MaybeSentinel) or params.kwonly_params or params.star_kwarg is not None \
            or params.posonly_params or fn.decorators or len(args) > len(params.params) \
            or any(p.default is None for p in params.params[len(args):]):
        raise Refusal(f"the thread passes `{fn.name.value}` arguments the rewrite cannot bind to its parameters")
    roles: dict[str, list[str]] = {}
    drop: list[int] = []
    mine = {enqueue_op: "enqueue", queue: "queue", **{c: "close" for c in close_ops},
            **{p: f"placeholder:{p}" for p in placeholders}, **({list_name: "list"} if list_name else {})}
    unpacks: list[cst.SimpleStatementLine] = []
    indexed: dict[str, list[str]] = {}
    named: list[cst.SimpleStatementLine] = []
    for j, arg in enumerate(args):
        if (tied := _named_tuple(finder, region, arg, mine, calls[0])) is not None:
            named.append(tied)  # (``phs = (x_ph, y_ph)`` beside the queue, read by the thread alone: its tuple)
            arg = tied.body[0].value
        if isinstance(arg, cst.Name) and list_name is not None and arg.value == list_name and \
                all(p.isidentifier() and p in mine for p in placeholders) and (got := _unpacked(
                    fn, params.params[j].name.value, cst.List([cst.Element(cst.Name(p)) for p in placeholders]),
                    mine)) is not None:
            stmt, targets = got  # (the placeholders' list handed by its name, ``a, b = phs`` in the function)
            for p, name in zip(placeholders, targets):
                roles.setdefault(f"placeholder:{p}", []).append(name)
            unpacks.append(stmt)
            drop.append(j)
            continue
        if isinstance(arg, cst.Name) and arg.value in mine:  # (the thread is made in the queue's own scope)
            roles.setdefault(mine[arg.value], []).append(params.params[j].name.value)
            drop.append(j)
        elif (got := _unpacked(fn, params.params[j].name.value, arg, mine)) is not None:
            stmt, targets = got  # ``(x_ph, y_ph)`` handed whole, ``a, b = phs`` in the function: each by its name
            for item, name in zip(arg.elements, targets):
                roles.setdefault(mine[item.value.value], []).append(name)
            unpacks.append(stmt)
            drop.append(j)
        elif (got := _indexed(fn, params.params[j].name.value, arg, mine, indexed)) is not None:
            for item, name in zip(arg.elements, got):  # (``phs[0]``, ``phs[1]`` read in the function)
                roles.setdefault(mine[item.value.value], []).append(name)
            indexed[params.params[j].name.value] = got
            drop.append(j)
        elif names_in(arg) & set(mine):
            raise Refusal(f"the thread passes `{fn.name.value}` the queue's ops inside an expression")
    if len(roles.get("enqueue", [])) != 1 or len(roles.get("queue", [])) > 1:
        raise Refusal(f"the thread passes `{fn.name.value}` the enqueue op more than once")
    fed = []
    given_list = roles.get("list", [])
    if len(given_list) > 1:
        raise Refusal(f"the thread passes `{fn.name.value}` the placeholders' list more than once")
    for p in placeholders if not given_list else ():
        got = roles.get(f"placeholder:{p}", [])
        if not got and any(s is fn for s in region) and p not in {q.name.value for q in params.params}:
            got = [p]  # (not handed over: the function, beside the queue, reads the placeholder itself)
        if len(got) != 1:
            raise Refusal(f"the thread does not pass `{fn.name.value}` the placeholder `{p}` once; its feed_dict "
                          "cannot be matched to the enqueue")
        fed.append(got[0])
    if given_list:  # (the function's name for the list; its items keep theirs)
        fed = [given_list[0] + p[len(list_name):] for p in placeholders]  # (``phs[0]``, ``d['k']``)
    return Passed(fn, roles["enqueue"][0], fed, roles.get("close", []), (roles.get("queue") or [None])[0], drop,
                  given_list[0] if given_list else None, unpacks,
                  [n for u in unpacks for n in assigned_names(u)] + [n for v in indexed.values() for n in v], indexed,
                  named, wrapped)


def _named_tuple(finder, region: list[cst.BaseStatement], arg: cst.BaseExpression, mine: dict[str, str],
                 call: cst.Call) -> cst.SimpleStatementLine | None:
    """``phs = (x_ph, y_ph)`` (or a list), a statement of the queue's block binding ``arg`` once to a literal of
    the queue's placeholders (or ops), where ``arg`` is read by nothing but the thread ``call``; else None."""
    if not isinstance(arg, cst.Name) or arg.value in mine:
        return None
    stmts = [s for s in region if assigned(s) == [arg.value]]
    if len(stmts) != 1 or sum(1 for s in region for n in nodes_of(s, cst.Name) if n.value == arg.value) != 1 + sum(
            1 for n in nodes_of(call, cst.Name) if n.value == arg.value):
        return None
    value = stmts[0].body[0].value
    if not isinstance(value, (cst.Tuple, cst.List)) or not value.elements or not all(
            isinstance(e, cst.Element) and isinstance(e.value, cst.Name) and e.value.value in mine
            for e in value.elements):
        return None
    inside = {id(n) for n in nodes_of(call, cst.Name)}
    if finder.scopes is None or any(id(r) not in inside for r in finder._refs(arg.value, stmts[0])):
        return None  # (read elsewhere too, or by a function of the block)
    return stmts[0]


def _indexed(fn: cst.FunctionDef, param: str, arg: cst.BaseExpression, mine: dict[str, str],
             taken: dict[str, list[str]]) -> list[str] | None:
    """Where the thread hands ``fn`` a literal tuple (list) of the queue's placeholders for ``param`` and ``fn``
    reads ``param`` only as ``param[k]`` (an integer literal within it; ``param`` never bound again): a fresh name
    for each item (``phs_0``), which the function is read with in their place; else None."""
    if not isinstance(arg, (cst.Tuple, cst.List)) or not arg.elements or not all(
            isinstance(e, cst.Element) and isinstance(e.value, cst.Name) and e.value.value in mine
            for e in arg.elements):
        return None
    reads = [n for n in nodes_of(fn.body, cst.Name) if n.value == param]
    subs = [s for s in nodes_of(fn.body, cst.Subscript) if isinstance(s.value, cst.Name) and s.value.value == param]
    if not reads or len(subs) != len(reads) or any(_index(s) is None or _index(s) >= len(arg.elements)
                                                   for s in subs):
        return None  # (read whole, sliced, by a computed index, or bound again)
    used = names_in(fn) | {n for v in taken.values() for n in v}
    return [free_name(f"{param}_{k}", used) for k in range(len(arg.elements))]


def _index(sub: cst.Subscript) -> int | None:
    """``k`` for ``x[k]`` (a non-negative integer literal), else None."""
    if len(sub.slice) == 1 and isinstance(sub.slice[0].slice, cst.Index) and isinstance(
            sub.slice[0].slice.value, cst.Integer):
        return int(sub.slice[0].slice.value.evaluated_value)
    return None


class IndexedAsNames(cst.CSTTransformer):
    """``phs[k]`` -> the name ``Passed.indexed`` gave item ``k``."""

    def __init__(self, indexed: dict[str, list[str]]) -> None:
        super().__init__()
        self.indexed = indexed

    def leave_Subscript(self, original, updated):
        names = self.indexed.get(original.value.value) if isinstance(original.value, cst.Name) else None
        k = _index(original) if names is not None else None
        return cst.Name(names[k]) if k is not None else updated


def _unpacked(fn: cst.FunctionDef, param: str, arg: cst.BaseExpression, mine: dict[str, str]
              ) -> tuple[cst.SimpleStatementLine, list[str]] | None:
    """Where the thread hands ``fn`` a literal tuple (list) of the queue's placeholders (or ops) for ``param`` and
    ``fn`` reads ``param`` only by unpacking it once, first thing, into as many plain names (``cue_ph, start_ph =
    placeholders``, TensorFlow's "Threading and Queues" ``MyLoop``): (that statement, the names it binds, in the
    tuple's order); else None."""
    if not isinstance(arg, (cst.Tuple, cst.List)) or not arg.elements or not all(
            isinstance(e, cst.Element) and isinstance(e.value, cst.Name) and e.value.value in mine
            for e in arg.elements):
        return None
    body = fn.body.body if isinstance(fn.body, cst.IndentedBlock) else []
    lead = [s for s in body if not is_docstring(s)]
    for stmt in lead:
        small = stmt.body[0] if isinstance(stmt, cst.SimpleStatementLine) and len(stmt.body) == 1 else None
        if not (isinstance(small, cst.Assign) and len(small.targets) == 1 and isinstance(small.value, cst.Name)
                and small.value.value == param):
            if param in names_in(stmt):
                return None  # (read before it is unpacked, or otherwise)
            continue
        target = small.targets[0].target
        if not isinstance(target, (cst.Tuple, cst.List)) or len(target.elements) != len(arg.elements) or not all(
                isinstance(e, cst.Element) and isinstance(e.value, cst.Name) for e in target.elements):
            return None
        names = [e.value.value for e in target.elements]
        reads = sum(1 for n in nodes_of(fn.body, cst.Name) if n.value == param)
        if reads != 1 or len(set(names)) != len(names) or param in names:
            return None  # (read again after, or rebound)
        binders = [s.target for s in nodes_of(fn.body, cst.CSTNode) if isinstance(
            s, (cst.AssignTarget, cst.For, cst.CompFor, cst.AugAssign, cst.AnnAssign))]
        binders += [w.asname.name for w in nodes_of(fn.body, cst.WithItem) if w.asname is not None]
        rebound = [n for t in binders for n in nodes_of(t, cst.Name) if n.value in names]
        if len(rebound) != len(names):
            return None  # (an unpacked name bound again: the feed_dict's key may be another thing)
        return stmt, names
    return None


def assigned_names(stmt: cst.SimpleStatementLine) -> list[str]:
    return [e.value.value for e in stmt.body[0].targets[0].target.elements]


def _function(finder, region: list[cst.BaseStatement], target: cst.Name) -> cst.FunctionDef:
    nested = [s for s in region if isinstance(s, cst.FunctionDef) and s.name.value == target.value]
    if len(nested) == 1:
        return nested[0]
    scopes = finder.scopes
    fn = scopes.module_function(target, target.value) if scopes is not None else None
    if fn is None:
        raise Refusal(f"the feeding thread's target `{target.value}` is not one function of this module")
    return fn


def dropped_params_left(body: cst.CSTNode, names: list[str]) -> str | None:
    """A parameter that goes (the op or a placeholder) still read by the generator's body, or None."""
    attrs = {id(a.attr) for a in nodes_of(body, cst.Attribute)}
    left = {n.value for n in nodes_of(body, cst.Name) if id(n) not in attrs} & set(names)
    return sorted(left)[0] if left else None
