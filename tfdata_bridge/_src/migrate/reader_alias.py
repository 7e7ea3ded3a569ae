"""A reader made through a name for its class: ``reader_cls = tf.TFRecordReader`` (once, before), then
``reader = reader_cls(...)`` (a factory variable, as readers chosen by configuration are often written).

The class is the one the name is bound to, found by scope (``Scopes.single_assignment``), never by spelling;
its assignment moves with the pipeline (``Finder._check_private`` refuses it when the name is read elsewhere).
"""

from __future__ import annotations

from collections.abc import Iterable

import libcst as cst
from libcst.metadata import Assignment, GlobalScope

from tfdata_bridge._src.migrate.calls import aliases


def _module_constant(finder, at: cst.CSTNode, name: str) -> cst.SimpleStatementLine | None:
    """The one module-level statement ``NAME = ...`` that ``name`` read in a function means, if it is one."""
    scope = finder.scopes.scope(at)
    found = list(scope[name]) if scope is not None else []
    if len(found) != 1 or not isinstance(found[0], Assignment) or not isinstance(found[0].scope, GlobalScope):
        return None
    return finder.scopes.owners.get(id(found[0].node))


def class_alias(finder, at: cst.CSTNode, made: cst.BaseExpression, classes: Iterable[str]
                ) -> tuple[str, cst.SimpleStatementLine] | None:
    """(the class's short name, the statement naming it) when ``made`` is ``name(...)`` and ``name`` is bound
    once, before ``at``, to one of ``classes``; else None."""
    if not (isinstance(made, cst.Call) and isinstance(made.func, cst.Name)):
        return None
    stmt = finder.scopes.single_assignment(at, made.func.value) or _module_constant(finder, at, made.func.value)
    if stmt is None:
        return None
    value = stmt.body[0].value
    path = finder.paths.get(value)
    if path is None:
        return None
    short = path.rsplit(".", 1)[-1]
    return next(((short, stmt) for name in classes if short == name and path in aliases(name)), None)
