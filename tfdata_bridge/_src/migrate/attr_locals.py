"""A reader or file queue kept on ``self`` and read in the same method: a local name there.

    def __init__(self, files, batch_size):                def __init__(self, files, batch_size):
        self._queue = tf.train.string_input_producer(...)     _queue = tf.train.string_input_producer(...)
        self._reader = tf.TFRecordReader()                    _reader = tf.TFRecordReader()
        _, serialized = self._reader.read(self._queue)        _, serialized = _reader.read(_queue)
        ...                                                   ...
        self.batch = tf.train.batch(trip, ...)                self.batch = tf.train.batch(trip, ...)

(round 20's ``BatchServer``). The attribute holds the same object as the local name would, and nothing else
can see it: it is set once, by a plain statement of the method that runs once per call, to a reader, an input
producer or a queue constructor, and named nowhere else in the module but after that statement in the same
method (nor in another module of the tree, nor by a string: ``getattr``, ``setattr``, ``hasattr``, ``vars`` and
``__dict__`` in the module leave it), but for a declaration ``self.A = None`` in ``__init__``, its one naming
there (round 42's art-style ``DataLoader``: ``self.data_queue = None``, then ``self.data_queue =
slice_input_producer(...)`` in ``next``), which stays: the attribute keeps ``None``, which nothing reads. The local
is a fresh name of the method. The ordinary recogniser then takes
the pipeline; ``to_tfdata.run`` keeps the result only where more pipelines are rewritten.
"""

from __future__ import annotations

import re

import libcst as cst

from tfdata_bridge._src.migrate.calls import attribute_made, code_of, nodes_of
from tfdata_bridge._src.migrate.inline_sources import _assigned, _once
from tfdata_bridge._src.migrate.object_uses import tree_uses
from tfdata_bridge._src.migrate.pipelines import READERS
from tfdata_bridge._src.migrate.reader_attr import _self
from tfdata_bridge._src.migrate.returned_lists import Replace

_KINDS = READERS | {"string_input_producer", "input_producer", "range_input_producer", "slice_input_producer",
                    "FIFOQueue", "RandomShuffleQueue", "PaddingFIFOQueue", "PriorityQueue"}
_QUICK = re.compile(r"self\.\w+\s*=\s*[\w.]*(" + "|".join(sorted(_KINDS)) + r")\(")
_DYNAMIC = re.compile(r"\b(getattr|setattr|hasattr|delattr|vars)\s*\(|__dict__")


def localize_attributes(module: cst.Module, external=None, why: list | None = None) -> cst.Module:
    """``module`` with each such attribute a local name of its method (the same module object where none)."""
    code = code_of(module)
    if not _QUICK.search(code) or _DYNAMIC.search(code):
        return module
    uses: dict[str, list[cst.Attribute]] = {}
    for a in nodes_of(module, cst.Attribute):
        uses.setdefault(a.attr.value, []).append(a)
    changes: dict[int, object] = {}
    for cls in (n for n in nodes_of(module, cst.ClassDef)):
        for fn in (s for s in cls.body.body if isinstance(s, cst.FunctionDef)):
            me = _self(fn)
            if me is None:
                continue
            taken = _assigned(fn) | {n.value for n in nodes_of(fn, cst.Name)}
            once = _once(fn)
            for k, stmt in enumerate(once):
                attr = _kept(stmt, me)
                if attr is None or tree_uses(external, attr) or f'"{attr}"' in code or f"'{attr}'" in code:
                    continue
                own = [a for a in nodes_of(stmt, cst.Attribute) if a.attr.value == attr]
                later = [a for s in once[k + 1:] for a in nodes_of(s, cst.Attribute) if a.attr.value == attr]
                all_uses = uses.get(attr, [])
                declared = _declared(cls, fn, attr, all_uses)
                if len(own) != 1 or not later or len(own) + len(later) + len(declared) != len(all_uses) or \
                        any(not (isinstance(a.value, cst.Name) and a.value.value == me) for a in later) or \
                        any(_stored(s, attr) for s in once[k + 1:]):
                    continue
                local = attr
                while local in taken or local in ("self", me):
                    local += "_"
                taken.add(local)
                target = stmt.body[0].targets[0]
                changes[id(target)] = target.with_changes(target=cst.Name(local))
                for a in later:
                    changes[id(a)] = cst.Name(local)
                # (``self.attr = None`` in ``__init__`` stays: the attribute keeps its declared value, read nowhere)
    if not changes:
        return module
    return module.visit(Replace(changes, module))


def _declared(cls: cst.ClassDef, fn: cst.FunctionDef, attr: str, all_uses: list[cst.Attribute]) -> list:
    """The ``attr`` nodes of the class's ``__init__`` (not ``fn``) where its one naming of ``attr`` is
    ``me.attr = None``, a statement of its own that runs once per call: the attribute declared, made by ``fn``
    (the art-style ``DataLoader``: ``self.data_queue = None``, then ``self.data_queue = slice_input_producer(...)``
    in ``next``). Nothing reads the declared ``None``: what ``fn`` made is a local of ``fn`` once rewritten, and
    the attribute keeps ``None``. Empty where there is no such declaration."""
    init = next((s for s in cls.body.body if isinstance(s, cst.FunctionDef) and s.name.value == "__init__"), None)
    me = _self(init) if init is not None and init is not fn else None
    if me is None:
        return []
    named = [a for a in nodes_of(init, cst.Attribute) if a.attr.value == attr]
    if len(named) != 1 or not any(a is named[0] for a in all_uses):
        return []
    for stmt in _once(init):
        small = stmt.body[0]
        if isinstance(small, cst.Assign) and len(small.targets) == 1 and small.targets[0].target is named[0]:
            plain = isinstance(named[0].value, cst.Name) and named[0].value.value == me
            return named if plain and isinstance(small.value, cst.Name) and small.value.value == "None" else []
    return []


def _kept(stmt: cst.SimpleStatementLine, me: str) -> str | None:
    """``A`` of ``me.A = <reader / producer / queue>(...)``."""
    made = attribute_made(stmt, me)
    return made[0] if made is not None and made[2] in _KINDS else None


def _stored(stmt: cst.SimpleStatementLine, attr: str) -> bool:
    """The statement sets ``x.attr`` (a second assignment: not one object)."""
    return any(isinstance(t.target, cst.Attribute) and t.target.attr.value == attr
               for t in nodes_of(stmt, cst.AssignTarget)) or \
        any(isinstance(s, cst.AugAssign) and isinstance(s.target, cst.Attribute) and s.target.attr.value == attr
            for s in stmt.body)


__all__ = ["localize_attributes"]
