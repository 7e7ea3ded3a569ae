"""Local literal lists a fed queue and its placeholders share (the research ``DataQueue`` form):

    dtypes = [dtype, dtype, tf.int32]
    shapes = [[None, 2], [None], [None]]
    self._P = tf.placeholder(dtypes[0], shape=shapes[0])                  # items of them, read
    ...
    self._queue = tf.FIFOQueue(capacity, dtypes=dtypes, shapes=[s[1:] for s in shapes])

A name bound once to a literal list, above the queue in its block, whose other reads only read its items
(``name[k]``, ``name[a:b]``, a comprehension over it that calls nothing) stands for that list: the queue's
``dtypes=dtypes`` reads it (``derived._bound_once``), and ``[s[1:] for s in shapes]`` is folded into the literal
list it gives (``folded``). A name assigned through (``shapes[0] = ...``, ``del``, ``shapes[0].append(...)``)
is no such list. Its line stays while anything left reads it (``dead_lists`` says which go with the queue).
"""

from __future__ import annotations

import re

import libcst as cst

from tfdata_bridge._src.migrate.calls import identifiers, nodes_of


def items_only(body, name: str, others: set[int]) -> bool:
    """Every read of ``name`` whose id is in ``others`` reads an item of it (or iterates it in a comprehension
    that calls nothing), and nothing in ``body`` assigns through it."""
    ok: set[int] = set()
    for stmt in body:
        for sub in nodes_of(stmt, cst.Subscript):
            if isinstance(sub.value, cst.Name) and sub.value.value == name:
                ok.add(id(sub.value))
        for comp in nodes_of(stmt, cst.CompFor):
            if isinstance(comp.iter, cst.Name) and comp.iter.value == name:
                if _calls(stmt, comp):
                    return False
                ok.add(id(comp.iter))
        for target in _through(stmt):
            if any(isinstance(s.value, cst.Name) and s.value.value == name for s in nodes_of(target, cst.Subscript)):
                return False
    return others <= ok


def _calls(stmt, comp: cst.CompFor) -> bool:
    """The comprehension ``comp`` is the loop of calls something (its items could be changed by it)."""
    for kind in (cst.ListComp, cst.GeneratorExp, cst.SetComp, cst.DictComp):
        for node in nodes_of(stmt, kind):
            if node.for_in is comp:
                return bool(nodes_of(node, cst.Call))
    return True


def _through(stmt) -> list[cst.CSTNode]:
    """What ``stmt`` assigns to, deletes, or calls a method of (an item changed in place: ``shapes[0].append(4)``;
    ``dtypes[0].as_numpy_dtype`` only reads)."""
    out: list[cst.CSTNode] = []
    for node in nodes_of(stmt, cst.AssignTarget):
        out.append(node.target)
    for kind in (cst.AugAssign, cst.AnnAssign, cst.Del):
        out.extend(n.target for n in nodes_of(stmt, kind))
    out.extend(c.func.value for c in nodes_of(stmt, cst.Call)
               if isinstance(c.func, cst.Attribute) and isinstance(c.func.value, cst.Subscript))
    return out


def _int(node) -> int | None:
    if isinstance(node, cst.Integer):
        return int(node.value)
    if isinstance(node, cst.UnaryOperation) and isinstance(node.operator, cst.Minus) and \
            isinstance(node.expression, cst.Integer):
        return -int(node.expression.value)
    return None


def _item(elt: cst.BaseExpression, var: str, value: cst.BaseExpression):
    """``elt`` with the comprehension's variable ``var`` standing for ``value``: ``s``, ``s[k]``, ``s[a:b]``
    (``value`` a literal list); None for anything else."""
    if isinstance(elt, cst.Name) and elt.value == var:
        return value
    if not (isinstance(elt, cst.Subscript) and isinstance(elt.value, cst.Name) and elt.value.value == var
            and len(elt.slice) == 1 and isinstance(value, (cst.List, cst.Tuple))
            and not any(isinstance(e, cst.StarredElement) for e in value.elements)):
        return None
    items = [e.value for e in value.elements]
    part = elt.slice[0].slice
    if isinstance(part, cst.Index):
        k = _int(part.value)
        return items[k] if k is not None and -len(items) <= k < len(items) else None
    if not isinstance(part, cst.Slice):
        return None
    bounds = []
    for b in (part.lower, part.upper, part.step):
        if b is None:
            bounds.append(None)
        elif (v := _int(b)) is not None:
            bounds.append(v)
        else:
            return None
    if bounds[2] == 0:
        return None
    return cst.List([cst.Element(v) for v in items[slice(*bounds)]])


def folded(node: cst.BaseExpression, value_of) -> cst.List | None:
    """``[s[1:] for s in shapes]`` as the literal list it gives, where ``value_of(shapes)`` (the name read as
    the literal list it is bound to, or the name itself) is a literal list; else None."""
    if not isinstance(node, cst.ListComp) or node.for_in.inner_for_in is not None or node.for_in.ifs or \
            node.for_in.asynchronous is not None or not isinstance(node.for_in.target, cst.Name) or \
            not isinstance(node.for_in.iter, cst.Name):
        return None
    value = value_of(node.for_in.iter)
    if not isinstance(value, (cst.List, cst.Tuple)) or any(isinstance(e, cst.StarredElement)
                                                             for e in value.elements):
        return None
    out = [_item(node.elt, node.for_in.target.value, e.value) for e in value.elements]
    return None if any(v is None for v in out) else cst.List([cst.Element(v) for v in out])


def dead_lists(body, removed: list, emitted: str) -> list[cst.SimpleStatementLine]:
    """The lines of ``body`` binding a name to a literal list that only ``removed`` statements read (and the
    rewrite's own code, ``emitted``, does not): they go with them."""
    gone = {id(n) for s in removed for n in identifiers(s)}
    out = []
    for stmt in body:
        if any(stmt is r for r in removed) or not (
                isinstance(stmt, cst.SimpleStatementLine) and len(stmt.body) == 1
                and isinstance(stmt.body[0], cst.Assign) and len(stmt.body[0].targets) == 1
                and isinstance(stmt.body[0].targets[0].target, cst.Name)
                and isinstance(stmt.body[0].value, (cst.List, cst.Tuple))):
            continue
        name = stmt.body[0].targets[0].target.value
        target = stmt.body[0].targets[0].target
        reads = {id(n) for s in body for n in identifiers(s) if n.value == name} - {id(target)}
        if reads and reads <= gone and not re.search(rf"\b{name}\b", emitted):
            out.append(stmt)
    return out

