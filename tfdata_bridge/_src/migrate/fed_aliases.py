"""A name for TensorFlow's placeholder function: ``ph = tf.placeholder`` (at module level, or in the function
before its calls), then ``x = ph(tf.float32, [3])``. Its calls are placeholders as ``tf.placeholder(...)`` is: the
index gives them the function's path, so the forms that read a fed queue's placeholders (``feed/``) take them.

Which binding a call's name means is asked of its scope (never of its spelling): the one assignment of the name
that the call can read, and it ``name = <a placeholder function>``; a name bound more than once, a parameter, or
a local assigned after the call keeps the call unknown. The alias itself stays (the rewrite leaves it, unused).
"""

from __future__ import annotations

import libcst as cst
from libcst.metadata import Assignment, GlobalScope

FED_FUNCTIONS = frozenset({"placeholder", "placeholder_with_default", "sparse_placeholder"})


def resolve_fed_aliases(index, scopes) -> None:
    """Give ``index.paths`` of each call of a name bound once to a placeholder function that function's path."""
    if not index.fed_aliases:
        return
    spelled = {}
    for value, path in index.fed_aliases.items():
        stmt = _statement_of(index, value)
        if stmt is not None:
            spelled.setdefault(stmt.body[0].targets[0].target.value, []).append((stmt, path))
    for call, line in index.named_calls:
        name = call.func.value
        if name not in spelled:
            continue
        scope = scopes.scope(call.func)
        found = list(scope[name]) if scope is not None else []
        if len(found) != 1 or not isinstance(found[0], Assignment) or not isinstance(found[0].node, cst.Name):
            continue
        stmt = index.owners.get(id(found[0].node))
        path = next((p for s, p in spelled[name] if s is stmt), None)
        if path is None:
            continue
        # (a binding of the call's own scope must come first; a module global read in a function is bound
        # when the function runs)
        if found[0].scope is scope or not isinstance(found[0].scope, GlobalScope):
            if index.lines.get(stmt, 0) >= line:
                continue
        index.paths[call] = path


def _statement_of(index, value: cst.BaseExpression) -> cst.SimpleStatementLine | None:
    """The one-target ``name = value`` statement whose value ``value`` is."""
    for stmt in index.owners.values():
        small = stmt.body[0]
        if isinstance(small, cst.Assign) and small.value is value and len(small.targets) == 1 and \
                isinstance(small.targets[0].target, cst.Name):
            return stmt
    return None


__all__ = ["FED_FUNCTIONS", "resolve_fed_aliases"]
