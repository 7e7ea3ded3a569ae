"""Where the values a statement binds flow, within its module: to a legacy batch, join or queue left there?

    style = range_input_producer(n, shuffle=True).dequeue()     # the statement
    styled = tf.cast(style, tf.float32)                          # a name assigned from it
    images, styles = tf.train.shuffle_batch([image, styled], 4)  # a consumer left: reached

A producer's dequeue rewritten alone (one iterator's ``get_next()``) is read apart from the other tensors a legacy
batch takes with it, where legacy's batch read all its tensors in step: what the batch pairs changes. So a
dequeue whose values reach a consumer left stays legacy with it. The flow followed: the names the statement
binds, read (with that binding) in a statement assigning other names (followed in turn), and a function's
``return`` of them, taken at the calls of that function in the module (by its name, or ``self.name``).
"""

from __future__ import annotations

import libcst as cst

from tfdata_bridge._src.migrate.bindings import reaching_reads
from tfdata_bridge._src.migrate.calls import nodes_of, target_names
from tfdata_bridge._src.migrate.queue_size import enclosing_of, parents

REACHES = "its elements reach the legacy batch, join or queue at"  # (the note's words: queue_reasons.py)


def _bound(stmt: cst.SimpleStatementLine) -> list[str]:
    """The plain names ``stmt`` (one assignment) binds."""
    small = stmt.body[0] if len(stmt.body) == 1 else None
    if isinstance(small, cst.Assign):
        return [n for t in small.targets for n in (target_names(t.target) or [])]
    if isinstance(small, (cst.AnnAssign, cst.AugAssign)):
        return target_names(small.target) or []
    return []


def _callers(module: cst.Module, up, fn: cst.FunctionDef) -> list[cst.SimpleStatementLine]:
    """The statements of ``module`` calling ``fn`` by its name (or ``x.name``, a method)."""
    out = []
    for call in nodes_of(module, cst.Call):
        func = call.func
        named = func.value if isinstance(func, cst.Name) else \
            func.attr.value if isinstance(func, cst.Attribute) else None
        if named == fn.name.value:
            at = enclosing_of(up, call, cst.SimpleStatementLine)
            if at is not None:
                out.append(at)
    return out


def reached_consumer(scopes, module: cst.Module, stmt: cst.SimpleStatementLine,
                     consumers: list[cst.SimpleStatementLine], external=None, consumer_apis=frozenset(),
                     lines=None) -> str | None:
    """Where the values ``stmt`` binds reach one of ``consumers`` (statements of ``module``): ``"line N"``
    (``lines``: statement -> its line), or, returned by a function of the module that another module of the tree
    calls (``external.calls_elsewhere``), a statement there calling one of ``consumer_apis`` (a batch, join or
    queue, which that module keeps legacy with it: the tensors come from this module's queue); None: none."""
    targets = {id(c) for c in consumers}
    up = parents(module)
    for at, todo, seen in _worklist(stmt):
        for into in _reading_statements(scopes, up, at, seen):
            if id(into) in targets:
                return f"line {(lines or {}).get(into, 0)}"
            if not (len(into.body) == 1 and isinstance(into.body[0], cst.Return)):
                todo.append(into)
                continue
            fn = enclosing_of(up, into, cst.FunctionDef)
            for caller in _callers(module, up, fn) if fn is not None else []:
                if id(caller) in targets:
                    return f"line {(lines or {}).get(caller, 0)}"
                todo.append(caller)
            elsewhere = getattr(external, "calls_elsewhere", None)
            if fn is not None and elsewhere is not None and consumer_apis:
                found = _reached_elsewhere(elsewhere(fn.name.value), fn.name.value, consumer_apis)
                if found is not None:
                    return found
    return None


def _worklist(first: cst.SimpleStatementLine):
    """Each statement of a worklist started at ``first``, once: (it, the worklist to push more onto, the ids
    popped so far)."""
    todo, seen = [first], set()
    while todo:
        at = todo.pop()
        if id(at) not in seen:
            seen.add(id(at))
            yield at, todo, seen


def _reading_statements(scopes, up, at: cst.SimpleStatementLine, seen: set[int]):
    """Each statement (not in ``seen``) holding a read that a name ``at`` binds reaches."""
    for name in _bound(at):
        for read in reaching_reads(scopes, at, name):
            into = enclosing_of(up, read, cst.SimpleStatementLine)
            if into is not None and id(into) not in seen:
                yield into


def _reached_elsewhere(calls, name: str, consumer_apis) -> str | None:
    """A statement calling one of ``consumer_apis`` that the value of a call of ``name`` in another module
    reaches, said as ``"the `api` that `name(...)`'s caller in another module of the tree feeds"``."""
    for call, stmt, other, site in calls:
        if call is None or stmt is None or not isinstance(stmt, cst.SimpleStatementLine):
            continue
        takers = {}
        for s in nodes_of(other, cst.SimpleStatementLine):
            for c in nodes_of(s, cst.Call):
                api = (site.paths.get(c) or "").rsplit(".", 1)[-1]
                if api in consumer_apis:
                    takers[id(s)] = api
        if id(stmt) in takers:
            return f"the `{takers[id(stmt)]}` of another module of the tree that calls `{name}`"
        up = parents(other)
        for at, todo, seen in _worklist(stmt):
            for into in _reading_statements(site.scopes, up, at, seen):
                if id(into) in takers:
                    return f"the `{takers[id(into)]}` of another module of the tree that calls `{name}`"
                todo.append(into)
    return None
