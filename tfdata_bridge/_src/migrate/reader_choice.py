"""Why a reader made by a call is not followed: a function or method that returns one of several readers.

``self._reader().read(queue)``, where ``_reader`` returns a ``TextLineReader`` or a ``FixedLengthRecordReader``
by a value known only when the program runs (``if self.fmt == "csv"``), has no one tf.data source to become (a
rewrite would need a chain per reader, chosen where the object is made). Refused, and the reason names the call,
the function and the readers it may return, instead of "not one of the readers" (round 17's
``logs_getattr_dispatch``). A decode step fetched by ``getattr(self, "_decode_" + fmt)`` is said too.
"""

from __future__ import annotations

import libcst as cst
from libcst.metadata import GlobalScope

from tfdata_bridge._src.migrate.calls import nodes_of


def unresolved_reader(finder, stmt: cst.CSTNode, reader_expr: cst.BaseExpression, readers) -> str | None:
    """The reason for a reader made by ``reader_expr`` (a call of a function or method of the module) that
    returns other than one reader class; None where ``reader_expr`` is no such call."""
    if not isinstance(reader_expr, cst.Call):
        return None
    func = reader_expr.func
    name = func.value if isinstance(func, cst.Name) else func.attr.value if isinstance(func, cst.Attribute) else None
    module = _module_of(finder, stmt)
    if name is None or module is None:
        return None
    made = [f for f in nodes_of(module, cst.FunctionDef) if f.name.value == name]
    if len(made) != 1:
        return None
    returned = [r.value for r in nodes_of(made[0], cst.Return) if r.value is not None]
    kinds = [finder.is_api(v, *readers) for v in returned]
    spelled = cst.Module([]).code_for_node(reader_expr)
    found = sorted({k for k in kinds if k})
    if len(found) < 2 and all(kinds):
        return None
    what = " or ".join(f"`{k}`" for k in found) if found else "no reader class the rewrite can name"
    why = (f"the reader read here is made by `{spelled}`, and `{name}` returns {what}"
           f"{' by a value known only when the program runs' if len(found) > 1 else ''}: a rewrite needs one reader "
           "class per pipeline; make the reader where the pipeline is built (one chain per format), or keep the "
           "queue (`migrate --to compat`)")
    block = stmt
    decode = [c for c in nodes_of(_function_of(module, block) or block, cst.Call)
              if isinstance(c.func, cst.Name) and c.func.value == "getattr" and len(c.args) >= 2
              and not isinstance(c.args[1].value, cst.SimpleString)]
    if decode:
        why += f"; its decode step is also chosen by name (`{cst.Module([]).code_for_node(decode[0])}`)"
    return why


def _module_of(finder, stmt: cst.CSTNode) -> cst.CSTNode | None:
    """The module of ``stmt`` (the one whose ``code_for_node`` the finder prints with), else the outermost class
    or function holding it."""
    module = finder.module
    if isinstance(module, cst.Module):
        return module
    scope, outer = finder.scopes.scope(stmt), None
    while scope is not None and not isinstance(scope, GlobalScope):
        outer = getattr(scope, "node", outer)
        scope = scope.parent if scope.parent is not scope else None
    return outer


def _function_of(module: cst.Module, stmt: cst.CSTNode) -> cst.FunctionDef | None:
    inner = None
    for fn in nodes_of(module, cst.FunctionDef):
        if any(s is stmt for s in nodes_of(fn, type(stmt))):
            inner = fn  # (outer first: the last one holding it is the innermost)
    return inner


def parameter_reader(finder, stmt: cst.CSTNode, reader_expr: cst.BaseExpression) -> str | None:
    """The reason for a reader made by calling a parameter (``reader().read(queue)`` in ``read_batch_features(...,
    reader, ...)``) whose class ``handed_copies.inline_handed_reader_classes`` could not write in: what the calls in
    the tree hand it; None where ``reader_expr`` is no call of a parameter of a module function."""
    from tfdata_bridge._src.migrate.handed_copies import _reader_api
    from tfdata_bridge._src.migrate.static_values import parameter_values
    from libcst.metadata import Assignment

    if not (isinstance(reader_expr, cst.Call) and isinstance(reader_expr.func, cst.Name)):
        return None
    name = reader_expr.func.value
    scope = finder.scopes.scope(stmt)
    found = list(scope[name]) if scope is not None else []
    if len(found) != 1 or not isinstance(found[0], Assignment) or not isinstance(found[0].node, cst.Param) or \
            not isinstance(getattr(found[0].scope, "node", None), cst.FunctionDef):
        return None
    fname = found[0].scope.node.name.value
    head = (f"the reader read here is made by calling `{name}`, a parameter of `{fname}` (a reader class handed in); "
            f"the rewrite writes the class into `{fname}` where every call of it in the tree hands the same "
            "TensorFlow reader class (by position or keyword, or leaves a default that is one), or the same "
            "factory's reader (a `lambda` or function taking nothing and returning one reader call)")
    tail = ("; hand one class (one function per reader class), or keep the queue (`migrate --to compat`)")
    values = parameter_values(finder, stmt, name)
    if not values or any(site is None for _, site, _ in values):
        return (f"{head}, and not every use of `{fname}` is a direct call it can follow (a namespace holding it "
                f"and handed on, or a call with `*` / `**`, hides the class it gets){tail}")
    code = cst.Module([]).code_for_node
    known, unknown = set(), []
    for value, site, _ in values:
        module = getattr(site, "module", None)
        api = _reader_api(module, value) if isinstance(module, cst.Module) else None
        if api is None and isinstance(module, cst.Module) and isinstance(value, cst.Lambda) and \
                not value.params.params and isinstance(value.body, cst.Call) and \
                _reader_api(module, value.body.func):  # (a factory: the reader it returns, with its options)
            api = code(value.body)
        (known.add(api) if api else unknown.append(code(value)))
    if unknown:
        return (f"{head}, and `{unknown[0]}` handed at a call is no reader class known when migrating (a value the "
                f"program computes when it runs){tail}")
    if len(known) > 1:
        if all("(" not in k for k in known):
            return (f"{head}, and its calls hand different classes ({', '.join(sorted(known))}): one pipeline cannot "
                    f"be both{tail}")
        return (f"{head}, and its calls hand different readers ({', '.join(f'`{k}`' for k in sorted(known))}): one "
                f"pipeline cannot be both{tail}")
    return None


__all__ = ["parameter_reader", "unresolved_reader"]
