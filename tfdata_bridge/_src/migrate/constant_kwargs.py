"""A batch's settings passed as ``**name`` of a dict that never changes, spelled out as keywords.

    batch_kwargs = dict(batch_size=4, capacity=30,            pairs, labels = tf.train.shuffle_batch(
                        min_after_dequeue=5, seed=11)             [pair, same], batch_size=4, capacity=30,
    pairs, labels = tf.train.shuffle_batch(                       min_after_dequeue=5, seed=11)
        [pair, same], **batch_kwargs)

(a siamese pair reader's ``shuffle_batch(..., **batch_kwargs)``, held-out round 16; a reader's constructor,
``FixedLengthRecordReader(**reader_kwargs)``, round 21, is read the same way). The recogniser reads a
batch's arguments by keyword; ``**`` hides them. They are known where the dict is provably constant:

- ``name`` is bound once in its scope (libcst's scope analysis), by ``name = {"key": value, ...}`` or
  ``name = dict(key=value, ...)`` (``dict`` the builtin), string keys only, no ``**`` inside;
- in a function, that assignment is a statement of the function's own body before the call's; at module level,
  a statement of the module before it (a function's call runs after the import), and no other module of the tree
  names it as an attribute;
- every other use of ``name`` is a ``**name`` of a batch call (a subscript, a method call, an alias or a call
  that takes the dict could change it): otherwise refused, naming the use and the fix;
- no key is also given by keyword at the call (Python's own ``TypeError``).

A literal value is written at the call; any other value is read from the dict (``batch_kwargs["seed"]``), so it
is evaluated where it was. A function's dict of literals alone then goes. The same call, with the same arguments:
the same program. ``to_tfdata.run`` keeps the result only where more pipelines are rewritten.
"""

from __future__ import annotations

import libcst as cst
from libcst.metadata import (Assignment, BuiltinAssignment, GlobalScope, ParentNodeProvider, PositionProvider,
                             ScopeProvider)

from tfdata_bridge._src.migrate.calls import code_of, dotted, enclosing, nodes_of, one_name_value, wrapped
from tfdata_bridge._src.migrate.object_uses import tree_uses
from tfdata_bridge._src.migrate.pipelines import BATCHES, JOINS, READERS

# (a reader's constructor too: ``FixedLengthRecordReader(**reader_kwargs)``, held-out round 21)
_BATCH_NAMES = {api.rsplit(".", 1)[-1] for api in (*BATCHES, *JOINS, *READERS)}
_LITERALS = (cst.Integer, cst.Float, cst.SimpleString)


def expand_constant_kwargs(module: cst.Module, external=None, why: list | None = None) -> cst.Module:
    """``module`` with each batch call's ``**name`` of a constant dict spelled out as keywords (the same module
    object where there is none). ``why``: (function, reason) of each ``**name`` left."""
    code = code_of(module)
    if "**" not in code or not any(b + "(" in code for b in _BATCH_NAMES):
        return module
    sites = [c for c in nodes_of(module, cst.Call) if _batch(c) and any(a.star == "**" for a in c.args)]
    if not sites:
        return module
    wrapper = wrapped(module)
    scopes, parents = wrapper.resolve(ScopeProvider), wrapper.resolve(ParentNodeProvider)
    lines = wrapper.resolve(PositionProvider)
    new_calls: dict[cst.Call, cst.Call] = {}
    gone: set[cst.CSTNode] = set()
    for call in sites:
        expanded = _expand(module, call, scopes, parents, lines, external)
        if isinstance(expanded, str):
            if why is not None:
                fn = enclosing(call, parents, cst.FunctionDef)
                if fn is not None:
                    why.append((fn, expanded))
            continue
        new_calls[call], dropped = expanded
        gone |= dropped
    if not new_calls:
        return module
    return module.visit(_Replace(new_calls, gone))


def _batch(call: cst.Call) -> bool:
    return dotted(call.func).rsplit(".", 1)[-1] in _BATCH_NAMES


def _expand(module, call, scopes, parents, lines, external):
    """(the call with its ``**`` spelled out, statements that go) or why not."""
    stars = [a for a in call.args if a.star == "**"]
    api = dotted(call.func)
    if len(stars) != 1 or not isinstance(stars[0].value, cst.Name):
        return f"`{api}` takes `**` of an expression, not of one dict's name: pass its arguments by keyword"
    name = stars[0].value
    scope = scopes.get(name)
    if scope is None:
        return f"`**{name.value}`: its scope is unknown"
    bound = [a for a in scope[name.value]]
    fix = (f"pass `{api}`'s arguments by keyword, or keep the queues (`migrate --to compat`)")
    if len(bound) != 1 or not isinstance(bound[0], Assignment) or isinstance(bound[0], BuiltinAssignment):
        return (f"the dict `{name.value}` passed as `**{name.value}` to `{api}` is bound more than once (or is a "
                f"parameter or an import): its keys are not provably constant; {fix}")
    assignment = bound[0]
    if isinstance(parents.get(assignment.node), cst.Param):
        return (f"`**{name.value}` of `{api}` is a parameter of its function: the keys are its callers' (a builder's "
                f"`batch(**kwargs)` called in one chain is written out: ``fluent_builders.py``); {fix}")
    if len(assignment.scope.assignments[name.value]) != 1:
        return f"the dict `{name.value}` passed as `**{name.value}` to `{api}` is bound again; {fix}"
    stmt = enclosing(assignment.node, parents, cst.SimpleStatementLine)
    value = one_name_value(stmt, name.value)
    if not isinstance(value, cst.Dict) and not (isinstance(value, cst.Call) and isinstance(value.func, cst.Name)
                                                and value.func.value == "dict"):
        return (f"`{name.value}` passed as `**{name.value}` to `{api}` is not a `{{...}}` or `dict(...)` literal "
                f"assigned alone; {fix}")
    pairs = _pairs(value, scopes)
    if pairs is None:
        return (f"the dict `{name.value}` passed as `**{name.value}` to `{api}` has keys that are not plain "
                f"strings (or a `**` of its own); {fix}")
    for access in assignment.references:
        node = access.node
        parent = parents.get(node)
        if not (isinstance(parent, cst.Arg) and parent.star == "**" and isinstance(parents.get(parent), cst.Call)
                and _batch(parents[parent])):
            line = lines[node].start.line if node in lines else "?"
            return (f"the dict `{name.value}` passed as `**{name.value}` to `{api}` is also used at line {line} "
                    f"(changed, aliased or passed on, as far as the rewrite can tell): its keys are not provably "
                    f"constant; {fix}")
    holder = parents.get(stmt)
    site = enclosing(call, parents, cst.SimpleStatementLine)
    if isinstance(holder, cst.Module):
        if tree_uses(external, name.value):
            return f"the module's dict `{name.value}` (`**{name.value}` of `{api}`) is named in another module; {fix}"
        if enclosing(call, parents, cst.FunctionDef) is None and not _before(stmt, site, holder.body, parents):
            return f"the dict `{name.value}` is assigned after `{api}` reads it; {fix}"
    else:
        fn = parents.get(parents.get(stmt)) if isinstance(holder, cst.IndentedBlock) else None
        if not isinstance(fn, cst.FunctionDef) or not _before(stmt, site, fn.body.body, parents):
            return (f"the dict `{name.value}` (`**{name.value}` of `{api}`) is not assigned in the function's own "
                    f"body before the call; {fix}")
    given = {a.keyword.value for a in call.args if a.keyword is not None}
    if given & set(pairs):
        return f"`{api}` gets `{sorted(given & set(pairs))[0]}` both by keyword and in `**{name.value}`"
    args: list[cst.Arg] = []
    for a in call.args:
        if a is not stars[0]:
            args.append(a)
            continue
        for key, v in pairs.items():
            v = v if _literal(v) or _constant(v, scopes, parents) else cst.Subscript(name, [cst.SubscriptElement(cst.Index(cst.SimpleString(
                repr(key))))])
            args.append(cst.Arg(v, keyword=cst.Name(key), equal=cst.AssignEqual(
                whitespace_before=cst.SimpleWhitespace(""), whitespace_after=cst.SimpleWhitespace(""))))
    if args and args[-1].comma is not cst.MaybeSentinel.DEFAULT:
        args[-1] = args[-1].with_changes(comma=cst.MaybeSentinel.DEFAULT)
    args = [a.with_changes(comma=cst.Comma(whitespace_after=cst.SimpleWhitespace(" ")))
            if i < len(args) - 1 and a.comma is cst.MaybeSentinel.DEFAULT else a for i, a in enumerate(args)]
    # a function's dict of literals alone, read by nothing else, goes with its ``**``
    local_only = not isinstance(holder, cst.Module) and len(assignment.references) == 1
    dropped = {stmt} if local_only and all(_literal(v) or _constant(v, scopes, parents) for v in pairs.values()) else set()
    return call.with_changes(args=args), dropped


def _constant(value, scopes, parents) -> bool:
    """``value`` is arithmetic of literals and module constants (``LABEL_BYTES + IMAGE_BYTES``): each name bound
    once in the module, by a statement of the module's own body (not under ``global`` in a function), so
    written again at the call it is the value the dict held."""
    if _literal(value):
        return True
    if isinstance(value, cst.BinaryOperation):
        return _constant(value.left, scopes, parents) and _constant(value.right, scopes, parents)
    if isinstance(value, cst.UnaryOperation):
        return _constant(value.expression, scopes, parents)
    if isinstance(value, cst.Name):
        scope = scopes.get(value)
        found = list(scope[value.value]) if scope is not None else []
        if len(found) != 1 or not isinstance(found[0], Assignment) or isinstance(found[0], BuiltinAssignment) or \
                not isinstance(found[0].scope, GlobalScope) or len(found[0].scope.assignments[value.value]) != 1:
            return False
        return isinstance(parents.get(enclosing(found[0].node, parents, cst.SimpleStatementLine)), cst.Module)
    return False


def _before(stmt, site, body, parents) -> bool:
    """``stmt`` is one of ``body``'s statements and ``site`` stands in a later one."""
    if stmt not in body:
        return False
    top = site
    while top is not None and top not in body:
        top = parents.get(top)
    return top is not None and body.index(stmt) < body.index(top)


def _pairs(value, scopes) -> dict[str, cst.BaseExpression] | None:
    pairs: dict[str, cst.BaseExpression] = {}
    if isinstance(value, cst.Dict):
        for el in value.elements:
            if not isinstance(el, cst.DictElement) or not isinstance(el.key, cst.SimpleString):
                return None
            key = el.key.evaluated_value
            if not isinstance(key, str) or not key.isidentifier():
                return None
            pairs[key] = el.value
        return pairs
    if isinstance(value, cst.Call) and isinstance(value.func, cst.Name) and value.func.value == "dict":
        scope = scopes.get(value.func)
        if scope is None or not all(isinstance(a, BuiltinAssignment) for a in scope["dict"]):
            return None
        for a in value.args:
            if a.keyword is None or a.star:
                return None
            pairs[a.keyword.value] = a.value
        return pairs
    return None


def _literal(v) -> bool:
    if isinstance(v, cst.UnaryOperation) and isinstance(v.operator, cst.Minus):
        v = v.expression
    return isinstance(v, _LITERALS) or (isinstance(v, cst.Name) and v.value in ("True", "False", "None"))


class _Replace(cst.CSTTransformer):
    def __init__(self, calls: dict, gone: set) -> None:
        super().__init__()
        self.calls, self.gone = calls, gone

    def leave_Call(self, original, updated):
        new = self.calls.get(original)
        return updated if new is None else updated.with_changes(args=new.args)

    def leave_SimpleStatementLine(self, original, updated):
        return cst.RemovalSentinel.REMOVE if original in self.gone else updated


__all__ = ["expand_constant_kwargs"]
