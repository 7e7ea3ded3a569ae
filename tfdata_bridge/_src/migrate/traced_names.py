"""A name the pipeline's moved statements bind to a Python value fixed when the graph is built, read again after
the batch: the sorted keys of a dict of features, batched as a list and rebuilt into a dict::

    features = self._parse(serialized)                  # returns {"label": ..., "tokens": ...}
    keys = sorted(features)
    batched = tf.train.batch([features[k] for k in keys], ...)
    return dict(zip(keys, batched))

The keys are strings of the dict's structure, not tensors: legacy read them once, while building the graph.
The statements move into the element function, which tf.data traces once, when ``map`` is called, so the rewrite
keeps the value the trace made on the function (``parse_record.keys = keys``) and binds the name to it after the
dataset is built, before the reads that follow the batch. Only values that cannot hold a tensor are kept so: a
``len(...)``, a dict's ``keys()``, and ``sorted`` / ``list`` / ``tuple`` of them or of a name bound to a dict (a
literal, ``dict(...)``, ``parse_single_example``, or the call of a function or method of the module whose every return is a dict literal).
A component of the source's elements (a parameter of the element function: a reader helper's dict of labels) is
kept so where every read after the batch is its ``keys()`` or its ``len``: a dict in a dataset's structure has
Python keys (``structure_keys_read``). Anything else read outside the pipeline is still refused (a tensor of the
element function cannot leave it)."""

from __future__ import annotations

import libcst as cst
from libcst.metadata import ClassScope

from tfdata_bridge._src.migrate.calls import nodes_of, target_names
from tfdata_bridge._src.migrate.walk import Visitor

_LISTING = frozenset({"sorted", "list", "tuple"})
_MUTATORS = frozenset({"append", "extend", "insert", "__setitem__", "__iadd__"})


def traced_value(finder, stmt: cst.BaseStatement, moved: list[cst.BaseStatement]) -> bool:
    """``stmt`` (one of the ``moved`` statements, in program order) binds one name to a value of the graph's
    structure only (see the module's docstring)."""
    a = _assign(stmt)
    if a is None or not isinstance(a.targets[0].target, cst.Name):
        return False
    name = a.targets[0].target.value
    for m in moved:  # (``keys.append(t)``, ``keys[0] = t``: a list that may come to hold a tensor)
        for call in nodes_of(m, cst.Call):
            if isinstance(call.func, cst.Attribute) and _is_name(call.func.value, name) and \
                    call.func.attr.value in _MUTATORS:
                return False
        for target in nodes_of(m, cst.AssignTarget):
            if isinstance(target.target, cst.Subscript) and _is_name(target.target.value, name):
                return False
    return _static(finder, stmt, a.value, moved)


def structure_keys_read(scopes, stmt: cst.BaseStatement, ref: cst.Name) -> bool:
    """``ref`` (a read of a name the source's statement ``stmt`` binds to one of its elements' components, a
    parameter of the element function) is ``ref.keys()`` or ``len(ref)``: what the element's structure fixes, not
    a tensor. A dict in a dataset's elements has Python keys, traced once (an ``OrderedDict`` keeps its order), as
    legacy's dict had them (round 41's planet chips: ``OrderedDict(zip(labels.keys(), batched[3:]))``)."""
    from tfdata_bridge._src.migrate.queue_size import parents

    root = getattr(scopes.scope(stmt), "node", None)
    if root is None:
        return False
    up = parents(root)
    parent = up.get(id(ref))
    if isinstance(parent, cst.Attribute) and parent.value is ref and parent.attr.value == "keys":
        call = up.get(id(parent))
        return isinstance(call, cst.Call) and call.func is parent and not call.args
    arg = parent if isinstance(parent, cst.Arg) and parent.value is ref and parent.keyword is None and \
        not parent.star else None
    call = up.get(id(arg)) if arg is not None else None
    return isinstance(call, cst.Call) and _is_name(call.func, "len") and len(call.args) == 1


def static_entry_read(finder, helper, stmt: cst.BaseStatement, ref: cst.Name) -> str | None:
    """The key ``k`` where ``ref`` (a read of the name the source's statement ``stmt`` binds to the dict its reader
    ``helper`` returns) is ``ref['k']``, read, not assigned or deleted, and the helper's one ``return``, its last
    statement, is a dict literal whose value at ``'k'`` holds no tensor: a ``len(...)``, a dict's ``keys()``, a
    literal (round 56's ``return {'image': image, 'path': path, 'count': len(files)}``). Legacy made that value once,
    with the graph; the rewrite calls the helper in the element function and keeps the value its trace made (the
    batch helper's ``elements``). None otherwise."""
    import ast

    from tfdata_bridge._src.migrate.queue_size import parents

    fn = getattr(helper, "fn", None)
    root = getattr(finder.scopes.scope(stmt), "node", None)
    if fn is None or root is None or not isinstance(fn.body, cst.IndentedBlock) or not fn.body.body:
        return None
    up = parents(root)
    sub = up.get(id(ref))
    if not (isinstance(sub, cst.Subscript) and sub.value is ref and len(sub.slice) == 1 and
            isinstance(sub.slice[0].slice, cst.Index) and isinstance(sub.slice[0].slice.value, cst.SimpleString)):
        return None
    holder = up.get(id(sub))
    if isinstance(holder, (cst.AssignTarget, cst.Del)) or isinstance(holder, cst.AugAssign) and holder.target is sub:
        return None
    key = ast.literal_eval(sub.slice[0].slice.value.value)
    last = fn.body.body[-1]
    small = last.body[0] if isinstance(last, cst.SimpleStatementLine) and len(last.body) == 1 else None
    if not isinstance(small, cst.Return) or not isinstance(small.value, cst.Dict) or len(_returns(fn.body)) != 1:
        return None
    found = []
    for el in small.value.elements:
        if not isinstance(el, cst.DictElement) or not isinstance(el.key, cst.SimpleString):
            return None  # (``**other``, a computed key: the dict's keys are not all known)
        if ast.literal_eval(el.key.value) == key:
            found.append(el.value)
    if len(found) != 1 or not isinstance(key, str):
        return None
    value = found[0]
    if isinstance(value, (cst.Integer, cst.Float, cst.SimpleString)) or _static(finder, last, value, []):
        return key
    return None


def _static(finder, stmt: cst.BaseStatement, value: cst.BaseExpression, moved: list[cst.BaseStatement],
            depth: int = 0) -> bool:
    """``value``, read at ``stmt``, holds no tensor: a ``len``, a dict's ``keys()``, ``sorted`` / ``list`` /
    ``tuple`` of one of those or of a dict, or a name the moved statements bound to one of those."""
    if depth > 8:
        return False
    if isinstance(value, cst.Name):
        bound = _binding(stmt, value.value, moved)
        return bound is not None and _static(finder, bound[0], bound[1], moved, depth + 1)
    if not isinstance(value, cst.Call):
        return False
    if _keys_call(value):
        return True
    one = len(value.args) == 1 and value.args[0].keyword is None and not value.args[0].star
    if _is_name(value.func, "len") and one:
        return True
    if not (isinstance(value.func, cst.Name) and value.func.value in _LISTING and one):
        return False  # (a ``key=`` function may be anything)
    arg = value.args[0].value
    if _static(finder, stmt, arg, moved, depth + 1):
        return True
    if not isinstance(arg, cst.Name):
        return False
    bound = _binding(stmt, arg.value, moved)
    return bound is not None and _dict_valued(finder, bound[0], bound[1])


def _binding(stmt: cst.BaseStatement, name: str, moved: list[cst.BaseStatement]
             ) -> tuple[cst.BaseStatement, cst.BaseExpression] | None:
    """(the statement, the value) of the last of the ``moved`` statements before ``stmt`` that binds ``name``,
    where it binds that name alone; None otherwise."""
    before = moved[:next((i for i, m in enumerate(moved) if m is stmt), len(moved))]
    for m in reversed(before):
        a = _assign(m)
        if a is None:
            if isinstance(m, cst.SimpleStatementLine) and any(
                    isinstance(b, (cst.AugAssign, cst.AnnAssign)) and _is_name(b.target, name) for b in m.body):
                return None  # (``keys += ...``: not followed)
            continue
        if name not in (target_names(a.targets[0].target) or ()):
            continue
        return (m, a.value) if isinstance(a.targets[0].target, cst.Name) else None
    return None


def _assign(stmt: cst.BaseStatement) -> cst.Assign | None:
    if isinstance(stmt, cst.SimpleStatementLine) and len(stmt.body) == 1 and isinstance(stmt.body[0], cst.Assign) \
            and len(stmt.body[0].targets) == 1:
        return stmt.body[0]
    return None


def _is_name(node: cst.BaseExpression, name: str) -> bool:
    return isinstance(node, cst.Name) and node.value == name


def _keys_call(node: cst.BaseExpression) -> bool:
    return isinstance(node, cst.Call) and isinstance(node.func, cst.Attribute) and \
        node.func.attr.value == "keys" and not node.args and isinstance(node.func.value, cst.Name)


def _dict_valued(finder, at: cst.CSTNode, value: cst.BaseExpression) -> bool:
    if isinstance(value, (cst.Dict, cst.DictComp)):
        return True
    if not isinstance(value, cst.Call):
        return False
    if _is_name(value.func, "dict") or finder.is_api(value, "parse_single_example", "parse_example"):
        return True  # (the parsers give a dict of their features' keys)
    fn = None
    if isinstance(value.func, cst.Name):
        fn = finder.scopes.module_function(at, value.func.value)
    elif isinstance(value.func, cst.Attribute) and isinstance(value.func.value, cst.Name):
        fn = _own_method(finder, at, value.func.value.value, value.func.attr.value)
    if fn is None:
        return False
    returns = [r for r in _returns(fn.body)]
    return bool(returns) and all(isinstance(r.value, (cst.Dict, cst.DictComp)) for r in returns)


def _own_method(finder, at: cst.CSTNode, obj: str, name: str) -> cst.FunctionDef | None:
    """The method ``name`` of the class whose method holds ``at``, called as ``obj.name`` where ``obj`` is that
    method's first parameter (``self``); None when another class may define it (no subclass is followed)."""
    scope = finder.scopes.scope(at)
    method = getattr(scope, "node", None)
    parent = getattr(scope, "parent", None)
    if not isinstance(method, cst.FunctionDef) or not isinstance(parent, ClassScope) or \
            not method.params.params or method.params.params[0].name.value != obj:
        return None
    cls = parent.node
    found = [s for s in cls.body.body if isinstance(s, cst.FunctionDef) and s.name.value == name]
    if len(found) != 1 or found[0].decorators:
        return None
    return found[0]


def _returns(body: cst.CSTNode) -> list[cst.Return]:
    out: list[cst.Return] = []

    class _Visit(Visitor):
        def visit_Return(self, node: cst.Return) -> None:
            out.append(node)

        def visit_FunctionDef(self, node: cst.FunctionDef) -> bool:
            return False

        def visit_Lambda(self, node: cst.Lambda) -> bool:
            return False

        def visit_ClassDef(self, node: cst.ClassDef) -> bool:
            return False

    body.visit(_Visit())
    return out


__all__ = ["structure_keys_read", "traced_value"]
