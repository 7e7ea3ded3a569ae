"""The class of an object passed in through parameters, across the modules of a tree.

    # train.py                                   # image_processing.py
    dataset = Dataset("train", data_dir)         def distorted_inputs(dataset, batch_size):
    images = distorted_inputs(dataset, 32)           return batch_inputs(dataset, batch_size, train=True)
                                                 def batch_inputs(dataset, batch_size, train):
                                                     reader = dataset.reader()      # Dataset.reader
(Inception's train script and ``image_processing``). ``dataset`` is a parameter of a module function; every
use of that function in the tree (this module's and the others', through their imports) must be a call that
passes the argument plainly (by position or keyword, no ``*``), as an object made once before the call by
calling a class of the tree, or as a parameter of the caller's own module function, followed the same way (up
to ``_DEPTH`` functions). Every path must give one class, or the class is unknown (``Refusal``).
"""

from __future__ import annotations

import copy

import libcst as cst
from libcst.metadata import GlobalScope

from tfdata_bridge._src.migrate.calls import Refusal, nodes_of, plain_arg

_DEPTH = 4


def passed_class(finder, module: cst.Module, at: cst.CSTNode, obj: str, depth: int = 0
                 ) -> tuple[cst.ClassDef, cst.Module, object]:
    """(the class, the module defining it, that module's Finder) of ``obj`` read at ``at``."""
    return passed_class_home(finder, module, at, obj, depth)[:3]


def passed_class_home(finder, module: cst.Module, at: cst.CSTNode, obj: str, depth: int = 0
                      ) -> tuple[cst.ClassDef, cst.Module, object, object]:
    """``passed_class`` and the tree's check of a method of the class that a rewrite would take from it (None
    for a class of ``module`` itself; ``objects.method_of``)."""
    from tfdata_bridge._src.migrate.objects import _class_made_by

    scope = finder.scopes.scope(at)
    fn = getattr(scope, "node", None)
    if not (isinstance(fn, cst.FunctionDef) and isinstance(getattr(scope, "parent", None), GlobalScope)
            and obj in [p.name.value for p in fn.params.params]) or finder.scopes.single_assignment(at, obj):
        raise Refusal(f"`{obj}` is neither made once here nor a parameter of a module function")
    if depth >= _DEPTH:
        raise Refusal(f"`{obj}` is passed through more than {_DEPTH} functions; its class is not followed")
    position = [p.name.value for p in fn.params.params].index(obj)
    sites = [(call, stmt, module, finder) for call, stmt in _calls(module, finder.scopes.callers(fn))]
    elsewhere = getattr(finder.external, "calls_elsewhere", None)
    if elsewhere is not None:
        sites += elsewhere(fn.name.value)
    if not sites or any(call is None for call, *_ in sites):
        raise Refusal(f"`{fn.name.value}` is used other than by calls; the class of `{obj}` is unknown")
    found: dict[int, tuple] = {}
    for call, stmt, home, site in sites:
        value = plain_arg(call, position, obj)
        if value is None:
            raise Refusal(f"a call of `{fn.name.value}` does not pass `{obj}` plainly")
        if isinstance(value, cst.Name) and site.scopes.single_assignment(stmt, value.value) is None:
            got = passed_class_home(site, home, stmt, value.value, depth + 1)
        else:
            if isinstance(value, cst.Name):
                made = site.scopes.single_assignment(stmt, value.value)
                stmt, value = made, made.body[0].value
            cls, there = _class_made_by(site, stmt, value)
            got = (cls, home, site, None) if there is None else (cls, there[0], there[1], there[2])
        found[id(got[0])] = got
    if len(found) != 1:
        raise Refusal(f"`{fn.name.value}` is passed objects of several classes as `{obj}`")
    return next(iter(found.values()))


def _calls(module: cst.Module, names: list[cst.CSTNode]) -> list[tuple[cst.Call | None, cst.CSTNode | None]]:
    """(the call, its statement) of each of ``names`` (names, or attributes of an imported module) in
    ``module``; (None, ...) for a use that is no call."""
    wanted = {id(n) for n in names}
    out: list[tuple[cst.Call | None, cst.CSTNode | None]] = []
    for stmt in nodes_of(module, cst.SimpleStatementLine):
        calls = {id(c.func): c for c in nodes_of(stmt, cst.Call)}
        for name in [*nodes_of(stmt, cst.Name), *nodes_of(stmt, cst.Attribute)]:
            if id(name) in wanted:
                out.append((calls.get(id(name)), stmt))
                wanted.discard(id(name))
    out += [(None, None)] * len(wanted)  # (a use outside a simple statement: a decorator, a default)
    return out


def with_resolver(finder, external):
    """``finder`` of another module of the tree, answering its own imports of the tree (``external``)."""
    out = copy.copy(finder)
    out.external = external
    return out
