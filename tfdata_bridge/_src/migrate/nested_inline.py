"""A reader or producer in a nested function (a closure), inlined where its enclosing function calls it.

    def build_input(data_dir, batch_size, num_classes=4):        def build_input(data_dir, batch_size, num_classes=4):
        def _parse(value):                                           def _parse(value):
            ...tf.floormod(record[1], num_classes)...                    ...
            return ident, label                                      queue = tf.train.string_input_producer(...)
                                                                     queue_1 = queue
        def _read(queue):                                            reader_1 = tf.FixedLengthRecordReader(...)
            reader = tf.FixedLengthRecordReader(...)                 _, value_1 = reader_1.read(queue_1)
            _, value = reader.read(queue)                            ident, label = _parse(value_1)
            return _parse(value)                                     ids, labels = tf.train.batch([ident, label], ...)

        queue = tf.train.string_input_producer(...)
        ident, label = _read(queue)
        ids, labels = tf.train.batch([ident, label], ...)

The recogniser follows helpers defined at the top of a module; a nested one hides the reader. Inlined at its call,
its statements stand where it was called, its parameters bound first and its locals renamed apart: the same ops
made in the same order. A closure reads its enclosing function's names when it is called, which is where its
inlined statements read them, so its free names mean what they meant. Only a nested function of single
assignments ending in its one ``return`` (``inline_sources._straight``), that makes a reader or an input producer
itself, whose every use in its enclosing function is a call in a statement ``names = fn(...)`` that runs once per
call (not in a loop), and whose name nothing else binds, is inlined; it goes once none is left. Nested functions
it calls (``_parse``) stay closures, called from the per-record function. ``to_tfdata.run`` keeps the result only
where more pipelines are rewritten, so a program left alone stays as written.
"""

from __future__ import annotations

import libcst as cst

from tfdata_bridge._src.migrate.calls import code_of, fresh_name, identifiers, names_in, nodes_of
from tfdata_bridge._src.migrate.inline_sources import _bound_args, _locals, _once, _Rename, _straight
from tfdata_bridge._src.migrate.returned_lists import Replace

_SOURCES = ("Reader", "input_producer", "slice_input_producer")


def inline_nested_sources(module: cst.Module, external=None, why: list | None = None) -> cst.Module:
    """``module`` with each nested source function inlined at its calls (the same module object where there
    is none). ``why``: (function, reason) of each such function left, said at its pipelines."""
    if not any(s in code_of(module) for s in _SOURCES):
        return module
    changes: dict[int, object] = {}
    taken: set[str] | None = None
    for outer in _outer_functions(module):
        for inner in outer.body.body:
            if not isinstance(inner, cst.FunctionDef) or id(inner) in changes:
                continue
            if not _makes_source(inner):
                continue
            body = _straight(inner)
            if body is None:
                continue
            if taken is None:
                taken = {n.value for n in nodes_of(module, cst.Name)}
            sites = _sites(outer, inner)
            if sites is None:
                if why is not None:
                    why.append((outer, f"the nested function `{inner.name.value}` makes a reader or producer, and "
                                       f"`{outer.name.value}` uses it other than by `names = "
                                       f"{inner.name.value}(...)` statements that run once per call (in a loop, "
                                       "as a value, or re-bound): it is not inlined"))
                continue
            local = _locals(inner, body)
            done = []
            for stmt in sites:
                bound = _bound_args(inner, stmt.body[0].value)
                if bound is None:
                    break
                names = {}
                assigned = {n for s in body[:-1] for t in nodes_of(s, cst.AssignTarget) for n in names_in(t.target)}
                read = {n.value for s in body for n in identifiers(s)} - assigned
                direct = {p: v.value for p, v in bound.items() if isinstance(v, cst.Name) and p not in assigned
                          and v.value not in ("None", "True", "False")}
                for name in sorted(local):
                    if name in direct:
                        names[name] = direct[name]  # (a name passed on: read as it is, no alias)
                        continue
                    if name == "_" and name not in read:
                        continue  # (a throwaway target stays one)
                    names[name] = fresh_name(name, taken)
                rename = _Rename(names)
                stmts: list[cst.BaseStatement] = [
                    cst.SimpleStatementLine([cst.Assign([cst.AssignTarget(cst.Name(names[p]))], value)])
                    for p, value in bound.items() if p not in direct]
                stmts += [s.visit(rename).with_changes(leading_lines=()) for s in body[:-1]]
                returned = body[-1].body[0].value.visit(rename)
                stmts.append(stmt.with_changes(body=[stmt.body[0].with_changes(value=returned)], leading_lines=()))
                stmts[0] = stmts[0].with_changes(leading_lines=stmt.leading_lines)
                done.append((stmt, stmts))
            if len(done) != len(sites):
                continue
            for stmt, stmts in done:
                changes[id(stmt)] = cst.FlattenSentinel(stmts)
            changes[id(inner)] = cst.RemovalSentinel.REMOVE
    if not changes:
        return module
    return module.visit(Replace(changes, module))


def _outer_functions(module: cst.Module) -> list[cst.FunctionDef]:
    """The module's functions and its classes' methods that define a function in their body (cheap: no search of
    the whole module)."""
    tops = [s for s in module.body if isinstance(s, cst.FunctionDef)]
    tops += [m for c in module.body if isinstance(c, cst.ClassDef) for m in c.body.body if isinstance(m, cst.FunctionDef)]
    out = []
    while tops:
        fn = tops.pop(0)
        if isinstance(fn.body, cst.IndentedBlock):
            inner = [s for s in fn.body.body if isinstance(s, cst.FunctionDef)]
            if inner:
                out.append(fn)
                tops += inner
    return out


def _makes_source(fn: cst.FunctionDef) -> bool:
    """The function calls a reader's constructor or an input producer itself (by spelling: the recogniser then
    asks what each call is)."""
    for call in nodes_of(fn, cst.Call):
        func = call.func
        last = func.attr.value if isinstance(func, cst.Attribute) else func.value if isinstance(func, cst.Name) else ""
        if last.endswith(_SOURCES):
            return True
    return False


def _sites(outer: cst.FunctionDef, inner: cst.FunctionDef) -> list[cst.SimpleStatementLine] | None:
    """The statements of ``outer`` calling ``inner`` (``names = inner(...)``, each run once per call of ``outer``),
    where those calls are every use of its name in ``outer``; None otherwise."""
    name = inner.name.value
    uses = [n for n in identifiers(outer) if n.value == name and n is not inner.name]
    binds = [t for t in nodes_of(outer, cst.AssignTarget) if name in names_in(t.target)]
    defs = [f for f in nodes_of(outer, cst.FunctionDef) if f.name.value == name]
    params = [p for f in nodes_of(outer, cst.FunctionDef) for p in [*f.params.params, *f.params.kwonly_params]
              if p.name.value == name]
    if binds or len(defs) != 1 or params or not uses:
        return None
    sites = []
    for stmt in _once(outer):
        small = stmt.body[0]
        if isinstance(small, cst.Assign) and len(small.targets) == 1 and isinstance(small.value, cst.Call) and \
                isinstance(small.value.func, cst.Name) and small.value.func.value == name:
            if any(n.value == name for a in small.value.args for n in identifiers(a.value)):
                return None
            sites.append(stmt)
    if len(sites) != len(uses):
        return None
    return sites


__all__ = ["inline_nested_sources"]
