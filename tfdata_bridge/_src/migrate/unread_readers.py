"""A reader made in a function whose pipeline the rewrite took, and named nowhere else: it goes too.

    def feed(self):                                               def feed(self):
        with tf.name_scope(self.name):                                with tf.name_scope(self.name):
            filename_queue = tf.train.string_input_producer(...)          # ... the dataset
            reader = tf.TFRecordReader()       # never read               ...
            _, serialized = self.reader.read(filename_queue)

(the CycleGAN reader's ``feed``, which reads the object's reader and makes a local one it never reads). A reader
is an op that does nothing until one of its reads runs: one no code names again runs nothing, in legacy as after
the rewrite, so it goes with the pipeline beside it rather than stay the one legacy API use left. Only where that
is plain: a statement ``name = <reader>(...)`` alone on its line, run once per call (the function's body or a
``with`` block in it), whose arguments call nothing, in a function (or method) that the rewrite changed, that
names ``name`` nowhere else (nor declares it ``global`` / ``nonlocal``, nor reads ``locals()``, ``vars()``,
``eval`` or ``exec``).
"""

from __future__ import annotations

import libcst as cst
from libcst.metadata import PositionProvider

from tfdata_bridge._src.migrate.calls import code_of, nodes_of, wrapped
from tfdata_bridge._src.migrate.inline_sources import _once

_DYNAMIC = frozenset({"locals", "vars", "eval", "exec", "globals"})


def drop_unread_readers(original: cst.Module, out: cst.Module, notes: list) -> tuple[cst.Module, list]:
    """``out`` (the rewrite of ``original``) less such readers; the notes said at their lines go, a note says so."""
    from tfdata_bridge._src.migrate.dead_factories import _is_reader
    from tfdata_bridge._src.migrate.pipelines import READERS
    from tfdata_bridge._src.migrate.results import Note

    code = code_of(out)
    if not any(f"{r}(" in code for r in READERS):
        return out, notes
    before = dict(_functions(original))
    is_reader = None
    gone: dict[int, tuple[str, str]] = {}  # id(statement) -> (its function's name, its code)
    for qual, fn in _functions(out):
        was = before.get(qual)
        if was is None or original.code_for_node(was) == out.code_for_node(fn) or \
                any(n.value in _DYNAMIC for n in nodes_of(fn, cst.Name)):
            continue
        for stmt in _once(fn):
            small = stmt.body[0]
            if not (isinstance(small, cst.Assign) and len(small.targets) == 1 and
                    isinstance(small.targets[0].target, cst.Name) and isinstance(small.value, cst.Call)):
                continue
            name = small.targets[0].target.value
            if any(nodes_of(a.value, cst.Call) for a in small.value.args) or \
                    sum(n.value == name for n in nodes_of(fn, cst.Name)) != 1 or \
                    any(name in {n.name.value for n in g.names if isinstance(n.name, cst.Name)}
                        for g in [*nodes_of(fn, cst.Global), *nodes_of(fn, cst.Nonlocal)]):
                continue
            is_reader = is_reader or _is_reader(out)
            if is_reader(small.value):
                gone[id(stmt)] = (qual, out.code_for_node(stmt).strip())
    if not gone:
        return out, notes
    lines = _original_lines(original, before, set(gone.values()))
    out = out.visit(_Drop(set(gone)))
    kept = [n for n in notes if not (n.kind == "refused" and n.line in lines)]
    said = [Note(line, "a reader this function made and never read goes with its rewritten pipeline", kind="info")
            for line in sorted(lines)]
    return out, [*kept, *said]


def _functions(module: cst.Module) -> list[tuple[str, cst.FunctionDef]]:
    """(``Class.method`` or ``function``, the definition) of the module's top-level functions and methods."""
    out = []
    for stmt in module.body:
        if isinstance(stmt, cst.FunctionDef):
            out.append((stmt.name.value, stmt))
        elif isinstance(stmt, cst.ClassDef):
            out += [(f"{stmt.name.value}.{s.name.value}", s) for s in stmt.body.body if isinstance(s, cst.FunctionDef)]
    return out


def _original_lines(original: cst.Module, functions: dict, wanted: set[tuple[str, str]]) -> set[int]:
    where = wrapped(original).resolve(PositionProvider)
    lines = set()
    for qual, fn in functions.items():
        for stmt in _once(fn):
            if (qual, original.code_for_node(stmt).strip()) in wanted and stmt in where:
                lines.add(where[stmt].start.line)
    return lines


class _Drop(cst.CSTTransformer):
    def __init__(self, gone: set[int]) -> None:
        self.gone = gone

    def leave_SimpleStatementLine(self, original, updated):
        return cst.RemovalSentinel.REMOVE if id(original) in self.gone else updated


__all__ = ["drop_unread_readers"]
