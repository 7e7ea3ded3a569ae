"""Which function ``self.name(...)`` runs, where ``self`` may be an object of a subclass.

    class Feed(object):                       # feed.py
        def reader(self):
            return tf.TFRecordReader()
        def batch_inputs(self):
            ... reader = self.reader() ...    # Feed.reader, unless the object's class overrides it

    class TextFeed(Feed):                     # text_feed.py (another module of the tree)
        def reader(self):
            return tf.TextLineReader()

A method of the caller's class (``join._method``) is what ``self.name`` runs only where no subclass of that
class overrides ``name``: in the module, and, in a tree, in every module (``tree.py``'s ``subclasses``). Where
one does, the rewrite would read its records with the wrong reader (or the base's stub): ``overriders`` names
the subclasses, and the caller refuses with them.
"""

from __future__ import annotations

import threading

import libcst as cst

from tfdata_bridge._src.migrate.calls import nodes_of

OVERRIDDEN = ": which one runs depends on the object's class"  # (in the refusal's text: a factory's caller passes it on, not guessing)


def local_subclasses(module: cst.Module, cls: cst.ClassDef) -> list[cst.ClassDef]:
    """The module-level classes of ``module`` deriving from ``cls`` (directly or not) through bases named in
    the module (``class CsvReader(DataReader)``)."""
    classes = [c for c in module.body if isinstance(c, cst.ClassDef)]
    by_name: dict[str, list[cst.ClassDef]] = {}
    for c in classes:
        by_name.setdefault(c.name.value, []).append(c)
    out: list[cst.ClassDef] = []
    todo = [cls]
    while todo:
        current = todo.pop()
        for c in classes:
            if c in out or c is cls:
                continue
            if any(isinstance(b.value, cst.Name) and any(d is current for d in by_name.get(b.value.value, []))
                   for b in c.bases):
                out.append(c)
                todo.append(c)
    return out


def base_declaring(module: cst.Module, cls: cst.ClassDef, name: str) -> str | None:
    """The base of ``cls`` (as written) that may declare its method ``name`` abstract: one this module does not
    define as a class (imported: an ``abc`` base whose ``@abstractmethod`` every subclass must define), or a class
    of the module that declares ``name`` with an ``abstract...`` decorator, or has such a base itself. None where
    every base is ``object`` or a class of the module that declares no such ``name``: only then may the method go
    from ``cls`` once nothing calls it (removed, ``cls`` could no longer be made). A base's stub that raises
    ``NotImplementedError`` does not count; a base's call of ``self.name`` is a use its callers count already."""
    classes = {c.name.value: c for c in module.body if isinstance(c, cst.ClassDef)}
    seen: set[str] = set()
    todo = [cls]
    while todo:
        current = todo.pop()
        for base in current.bases:
            if base.keyword is not None:  # (``metaclass=``: not a base)
                continue
            value = base.value
            if isinstance(value, cst.Name) and value.value == "object":
                continue
            spelled = cst.Module([]).code_for_node(value)
            if _thread_base(module, spelled) and not hasattr(threading.Thread, name):
                continue  # (``threading.Thread`` declares nothing abstract, and no attribute of that name)
            known = classes.get(value.value) if isinstance(value, cst.Name) else None
            if known is None or known is current or _declares_abstract(known, name):
                return spelled
            if spelled not in seen:
                seen.add(spelled)
                todo.append(known)
    return None


def _thread_base(module: cst.Module, spelled: str) -> bool:
    """``spelled`` (a base as written) is ``threading.Thread`` through the module's own top-level import
    (``import threading``, ``from threading import Thread``), and the module binds that name nowhere else."""
    imported = set()
    for stmt in module.body:
        for small in stmt.body if isinstance(stmt, cst.SimpleStatementLine) else ():
            if isinstance(small, cst.Import):
                imported |= {"threading.Thread" for a in small.names if a.asname is None
                             and cst.Module([]).code_for_node(a.name) == "threading"}
            elif isinstance(small, cst.ImportFrom) and small.module is not None and not small.relative and \
                    cst.Module([]).code_for_node(small.module) == "threading" and \
                    not isinstance(small.names, cst.ImportStar):
                imported |= {"Thread" for a in small.names if a.asname is None and a.name.value == "Thread"}
    root = spelled.split(".")[0]
    bound = [n for n in nodes_of(module, cst.Name) if n.value == root]
    assigned = any(isinstance(t.target, cst.Name) and t.target.value == root
                   for a in nodes_of(module, cst.Assign) for t in a.targets) or any(
        isinstance(d, (cst.FunctionDef, cst.ClassDef)) and d.name.value == root
        for d in [*nodes_of(module, cst.FunctionDef), *nodes_of(module, cst.ClassDef)])
    return spelled in imported and bool(bound) and not assigned


def _declares_abstract(cls: cst.ClassDef, name: str) -> bool:
    """``cls`` defines ``name`` under a decorator whose name starts with ``abstract`` (``abc.abstractmethod``,
    ``abstractproperty``)."""
    for s in cls.body.body if isinstance(cls.body, cst.IndentedBlock) else ():
        if isinstance(s, cst.FunctionDef) and s.name.value == name:
            for d in s.decorators:
                node = d.decorator.func if isinstance(d.decorator, cst.Call) else d.decorator
                last = node.attr.value if isinstance(node, cst.Attribute) else getattr(node, "value", "")
                if isinstance(last, str) and last.startswith("abstract"):
                    return True
    return False


def defines(cls: cst.ClassDef, name: str) -> bool:
    """``cls`` binds ``name`` in its own body (a ``def``, or an assignment such as ``reader = other``)."""
    for s in cls.body.body if isinstance(cls.body, cst.IndentedBlock) else ():
        if isinstance(s, (cst.FunctionDef, cst.ClassDef)) and s.name.value == name:
            return True
        if isinstance(s, cst.SimpleStatementLine):
            for small in s.body:
                targets = [t.target for t in small.targets] if isinstance(small, cst.Assign) else \
                    [small.target] if isinstance(small, (cst.AnnAssign, cst.AugAssign)) else []
                if any(isinstance(t, cst.Name) and t.value == name for t in targets):
                    return True
    return False


def overriders(finder, module: cst.Module | None, cls: cst.ClassDef, name: str) -> list[str]:
    """The names of the subclasses of ``cls`` (this module's, and in a tree every module's) that define
    ``name`` again, sorted; empty where ``self.name`` can only run ``cls``'s own (or its base's)."""
    found = list(local_subclasses(module, cls)) if module is not None else []
    tree = getattr(getattr(finder, "external", None), "subclasses", None)
    if tree is not None:
        found += [c for c in tree(cls) if all(c is not f for f in found)]
    return sorted({c.name.value for c in found if defines(c, name)})


def uses_in_unrelated_classes(module: cst.Module, cls: cst.ClassDef, name: str) -> int:
    """The ``self.name`` reads (the method's first parameter's) in the methods of this module's other classes
    that define ``name`` themselves, where ``cls`` derives from none of them: each runs its own class's ``name``
    (or a subclass's of that class), never ``cls``'s. Two sibling readers in one module, each batching what its
    own ``self._decode(queue)`` returns, then count one use each, not two."""
    count = 0
    for other in module.body:
        if not isinstance(other, cst.ClassDef) or other is cls or not defines(other, name) or \
                any(c is cls for c in local_subclasses(module, other)):
            continue
        for fn in other.body.body if isinstance(other.body, cst.IndentedBlock) else ():
            if not isinstance(fn, cst.FunctionDef) or not fn.params.params or fn.decorators:
                continue
            me = fn.params.params[0].name.value
            count += sum(1 for a in nodes_of(fn, cst.Attribute) if a.attr.value == name
                         and isinstance(a.value, cst.Name) and a.value.value == me)
    return count
