"""A reader object made and read at once, ``names = Cls(...).read(queue)``: the object named first.

    class EmgReader(object):
        def __init__(self, window=4, skip=1):
            self.window = window
            self._reader = tf.TextLineReader(skip_header_lines=skip)

        def read(self, filename_queue):
            keys, lines = self._reader.read_up_to(filename_queue, self.window)
            ...
            return keys[0], emg, gesture

    key, emg, gesture = EmgReader().read(filename_queue)    ->    emg_reader = EmgReader()
                                                                  key, emg, gesture = emg_reader.read(filename_queue)

The same calls in the same order (Python makes the object, then evaluates the method's arguments), the object now
bound to a fresh name, so the method's ``self.attr`` reads (``self.window``, a property) have a name to be read
through where its statements move (``method_source.py``). Only in a function's body, for a class of this module
whose method reads a queue; the reader the object keeps on ``self`` is then made at its read
(``reader_attr.py``, applied to the named form here). ``to_tfdata.run`` keeps the result only where more
pipelines are rewritten, so a program left alone stays as written.
"""

from __future__ import annotations

import re

import libcst as cst

from tfdata_bridge._src.migrate.calls import code_of, free_name, names_in, nodes_of
from tfdata_bridge._src.migrate.inline_sources import _once
from tfdata_bridge._src.migrate.reader_attr import inline_reader_attributes
from tfdata_bridge._src.migrate.returned_lists import Replace

_QUICK = re.compile(r"[A-Za-z_]\w*\([^()\n]*\)\.[A-Za-z_]\w*\(")
_READS = ("read", "read_up_to")


def name_constructed_readers(module: cst.Module, external=None, why: list | None = None) -> cst.Module:
    """``module`` with each ``names = Cls(...).method(...)`` in a function, ``method`` of this module's class
    ``Cls`` reading a queue, written as ``obj = Cls(...)`` then ``names = obj.method(...)``, and the readers kept on
    the objects then made at their reads; the same module object where there is none (or when ``why`` asks only
    for the reasons of pipelines left: ``reader_attr.py`` gives them)."""
    if why is not None or not _QUICK.search(code_of(module)):
        return module
    classes: dict[str, cst.ClassDef] = {}
    seen: dict[str, int] = {}
    for s in module.body:
        if isinstance(s, cst.ClassDef):
            seen[s.name.value] = seen.get(s.name.value, 0) + 1
            classes[s.name.value] = s
    classes = {n: c for n, c in classes.items() if seen[n] == 1}
    if not classes:
        return module
    taken = names_in(module)
    changes: dict[int, object] = {}
    for fn in nodes_of(module, cst.FunctionDef):
        for stmt in _once(fn):
            small = stmt.body[0]
            if not (isinstance(small, cst.Assign) and len(small.targets) == 1):
                continue
            call = small.value
            if not (isinstance(call, cst.Call) and isinstance(call.func, cst.Attribute)
                    and isinstance(call.func.value, cst.Call) and isinstance(call.func.value.func, cst.Name)):
                continue
            cls = classes.get(call.func.value.func.value)
            method = _method(cls, call.func.attr.value) if cls is not None else None
            if method is None or not _reads_a_queue(method):
                continue
            obj = free_name(_snake(cls.name.value), taken)
            made = cst.SimpleStatementLine([cst.Assign([cst.AssignTarget(cst.Name(obj))], call.func.value)])
            read = stmt.with_changes(body=[small.with_changes(value=call.with_changes(
                func=call.func.with_changes(value=cst.Name(obj))))], leading_lines=[])
            changes[id(stmt)] = cst.FlattenSentinel([made.with_changes(leading_lines=stmt.leading_lines), read])
    if not changes:
        return module
    named = module.visit(Replace(changes, module))
    return inline_reader_attributes(named, external)


def _method(cls: cst.ClassDef, name: str) -> cst.FunctionDef | None:
    found = [s for s in cls.body.body if isinstance(s, cst.FunctionDef) and s.name.value == name] \
        if isinstance(cls.body, cst.IndentedBlock) else []
    return found[0] if len(found) == 1 and found[0].params.params and not found[0].decorators else None


def _reads_a_queue(fn: cst.FunctionDef) -> bool:
    """The method calls a reader's ``read`` / ``read_up_to`` on one of its parameters (the queue it is given)."""
    params = {p.name.value for p in fn.params.params[1:]} | {p.name.value for p in fn.params.kwonly_params}
    return any(isinstance(c.func, cst.Attribute) and c.func.attr.value in _READS and c.args
               and isinstance(c.args[0].value, cst.Name) and c.args[0].value.value in params
               for c in nodes_of(fn.body, cst.Call))


def _snake(name: str) -> str:
    """``EmgReader`` -> ``emg_reader``."""
    out = re.sub(r"(?<=[a-z0-9])([A-Z])", r"_\1", name).lower().strip("_")
    return out if out.isidentifier() else "reader_object"


__all__ = ["name_constructed_readers"]
