"""Whether the classes related to a rewritten class (its bases, its subclasses) read what the rewrite changes.

A pipeline kept on an object (``object_pipeline.py``, ``init_source.py``) is rewritten inside its class: some
attributes go (the queue, the reader, the kept tensors), a method changes, a new attribute holds the dataset.
Code of another class that runs on the same object sees those changes too: a base class's method
(``self.close`` in ``DataGeneratorBase.thread_main``) or a subclass's. So the rewrite is refused where one of
them reads (or sets) one of those names, and goes ahead where none does::

    class ReaderBase(object):                     # of the tree: read, it touches none of the names: harmless
        def __init__(self, batch_size):
            self.batch_size = batch_size

    class Reader(ReaderBase):
        def __init__(self, files, batch_size):
            super().__init__(batch_size)
            self.queue = tf.FIFOQueue(...)        # the rewrite's: ``self.queue`` goes
            ...

A base outside the tree is harmless only where it is a known class that reads no attribute of a program's
own: ``object``, ``threading.Thread``, ``abc.ABC`` (and ``metaclass=abc.ABCMeta``); any other (a library's
class, a base made by a call) may read anything and is refused, as is a class of the tree that reads its
attributes by name (``getattr(self, ...)``, ``self.__dict__``, ``vars(self)``, ``setattr``).
"""

from __future__ import annotations

import libcst as cst

from tfdata_bridge._src.migrate.calls import dotted, nodes_of, top_imports
from tfdata_bridge._src.migrate.methods import class_of
from tfdata_bridge._src.migrate.subclasses import local_subclasses

# bases (and metaclasses) that read no attribute a program sets on its objects
KNOWN_BASES = frozenset({"object", "builtins.object", "threading.Thread", "abc.ABC"})
KNOWN_METACLASSES = frozenset({"abc.ABCMeta", "type", "builtins.type"})
_BY_NAME = ("getattr", "setattr", "hasattr", "delattr", "vars")


def _qualified(module: cst.Module, node: cst.BaseExpression) -> str:
    spelled = dotted(node)
    head, _, rest = spelled.partition(".")
    imported = top_imports(module)
    if head in imported:
        return imported[head] + (f".{rest}" if rest else "")
    return spelled


def _touches(cls: cst.ClassDef, names: set[str]) -> str | None:
    """Why code of ``cls`` may read one of ``names`` on its objects: ``"`close`, read by X.thread_main"``."""
    for fn in (s for s in cls.body.body if isinstance(s, cst.FunctionDef)):
        where = f"`{cls.name.value}.{fn.name.value}`"
        params = fn.params.params
        me = params[0].name.value if params else None
        for a in nodes_of(fn, cst.Attribute):
            if a.attr.value in names and isinstance(a.value, cst.Name) and a.value.value == me:
                return f"`{a.attr.value}` is read by {where}"
        for c in nodes_of(fn, cst.Call):
            if isinstance(c.func, cst.Name) and c.func.value in _BY_NAME:
                return f"{where} reads its attributes by name (`{c.func.value}`)"
        if any(a.attr.value == "__dict__" for a in nodes_of(fn, cst.Attribute)):
            return f"{where} reads its attributes by name (`__dict__`)"
    for stmt in cls.body.body:  # (a class attribute of the same name)
        if not isinstance(stmt, cst.FunctionDef) and any(n.value in names for n in nodes_of(stmt, cst.Name)):
            return f"`{cls.name.value}` has a class attribute among them"
    return None


def related_reads(module: cst.Module, cls: cst.ClassDef, external, names: set[str]) -> str | None:
    """None where no base class of ``cls`` (followed up, through the tree's modules) and no subclass of it in the
    module or the tree may read or set one of ``names`` on its objects; otherwise why (a refusal's text)."""
    shown = ", ".join(f"`{n}`" for n in sorted(names))
    why = _bases(module, cls, external, names, 0)
    if why is not None:
        return f"`{cls.name.value}` has a base class, and the rewrite changes {shown} on its objects: {why}"
    subs = list(local_subclasses(module, cls))
    more = getattr(external, "subclasses", None)
    if more is not None:
        subs += [c for c in more(cls) if all(c is not s for s in subs)]
    for sub in subs:
        why = _touches(sub, names)
        if why is not None:
            return (f"`{cls.name.value}` has a subclass, `{sub.name.value}`, and the rewrite changes {shown} on "
                    f"its objects: {why}")
    return None


def _bases(module: cst.Module, cls: cst.ClassDef, external, names: set[str], depth: int) -> str | None:
    for kw in cls.keywords:
        if kw.keyword.value != "metaclass" or _qualified(module, kw.value) not in KNOWN_METACLASSES:
            return f"`{cls.name.value}` has a keyword `{kw.keyword.value}=` in its bases"
    for base in cls.bases:
        if base.star or base.keyword is not None:
            return f"`{cls.name.value}` has bases given by `*` or `**`"
        if not dotted(base.value):
            return f"a base class of `{cls.name.value}` is not a name: it may read anything"
        if _qualified(module, base.value) in KNOWN_BASES:
            continue
        found = class_of(module, base.value.value) if isinstance(base.value, cst.Name) else None
        home = module
        if found is None and getattr(external, "classdef", None) is not None:
            got = external.classdef(base.value)
            if got is not None:
                found, home = got[0], got[1]
        if found is None or found is cls or depth > 5:
            return (f"its base class `{dotted(base.value)}` is not a class of the migrated tree: its attributes "
                    "may be read there")
        why = _touches(found, names)
        if why is not None:
            return why
        # (a base of another module: its own bases must be known ones, or of that module)
        why = _bases(home, found, external if home is module else None, names, depth + 1)
        if why is not None:
            return why
    return None


__all__ = ["KNOWN_BASES", "related_reads"]
