"""A file queue made by a helper of the same module: ``queue = file_queue(files, num_epochs=1)`` where

    def file_queue(files, num_epochs=None, name="file_queue"):
        return tf.train.string_input_producer(files, num_epochs=num_epochs, shuffle=False, name=name)

The producer's arguments are the call's: each parameter by the argument the call gives it (or its default), so
the dataset of file names is built from them where the call was. The helper must be one ``return`` of the
producer call (a docstring before it), undecorated; it goes where this call was its only use, and stays for its
other callers otherwise. A helper of another module: ``foreign_queue.py``.
"""

from __future__ import annotations

import libcst as cst

from tfdata_bridge._src.migrate.calls import Refusal, bind, names_in


def _only_return(fn: cst.FunctionDef) -> cst.BaseExpression | None:
    body = list(fn.body.body) if isinstance(fn.body, cst.IndentedBlock) else []
    if body and isinstance(body[0], cst.SimpleStatementLine) and len(body[0].body) == 1 and \
            isinstance(body[0].body[0], cst.Expr) and isinstance(body[0].body[0].value, (cst.SimpleString,
                                                                                      cst.ConcatenatedString)):
        body = body[1:]  # (its docstring)
    if len(body) == 1 and isinstance(body[0], cst.SimpleStatementLine) and len(body[0].body) == 1 and \
            isinstance(body[0].body[0], cst.Return):
        return body[0].body[0].value
    return None


def helper_file_queue(finder, at: cst.CSTNode, call: cst.BaseExpression
                      ) -> tuple[dict[str, cst.BaseExpression], list[cst.CSTNode]] | None:
    """(the producer's bound arguments as the call site evaluates them, the helper when it goes with the
    pipeline) when ``call`` calls a file-queue helper; None when it calls no such function; ``Refusal`` when it
    does and cannot be followed."""
    from tfdata_bridge._src.migrate.helpers import _bind_call, _resolve

    if not isinstance(call, cst.Call):
        return None
    fn = finder.scopes.module_function(at, call.func.value) if isinstance(call.func, cst.Name) else None
    if fn is None:
        from tfdata_bridge._src.migrate.foreign_queue import foreign_file_queue

        return foreign_file_queue(finder, at, call, _producer, _only_return)  # another module's (foreign_queue.py)
    returned = _producer(finder, _only_return(fn))
    if returned is None:
        return None
    name = fn.name.value
    if fn.decorators or fn.asynchronous:
        raise Refusal(f"the file-queue helper `{name}` is decorated or async")
    bound = _bind_call(fn, call)
    scope = finder.scopes.scope(at)
    args = {}
    given = {p.name.value for p in fn.params.params} - _defaulted(fn, call)
    for k, v in bind(returned, "train.string_input_producer").items():
        # the helper's own names, and its defaults' (evaluated where it is defined), read at the call site now
        free = (names_in(v) - set(bound)).union(*(names_in(bound[p]) for p in names_in(v) & set(bound)
                                                   if p not in given))
        for n in free:  # a module name the helper reads must mean the same where the call is
            if scope is not None and any(not _is_global(a) for a in scope[n]):
                raise Refusal(f"the producer's `{k}` in `{name}` reads `{n}`, which is another name where "
                              f"`{name}` is called")
        args[k] = _resolve(v, bound, {}, name)
    uses = finder.scopes.callers(fn)
    return args, ([fn] if len(uses) == 1 else [])


def _defaulted(fn: cst.FunctionDef, call: cst.Call) -> set[str]:
    """The parameters ``call`` leaves to their defaults."""
    names = [p.name.value for p in fn.params.params]
    given = {names[i] for i, a in enumerate(call.args) if a.keyword is None and i < len(names)}
    given |= {a.keyword.value for a in call.args if a.keyword is not None}
    return set(names) - given


def _producer(finder, value: cst.BaseExpression | None) -> cst.Call | None:
    if isinstance(value, cst.Call) and finder.is_api(value, "train.string_input_producer"):
        return value
    return None


def _is_global(assignment) -> bool:
    """A module's global or a builtin: what the helper (one ``return``, no locals) reads by that name too."""
    from libcst.metadata import BuiltinScope, GlobalScope

    return isinstance(getattr(assignment, "scope", None), (GlobalScope, BuiltinScope))


__all__ = ["helper_file_queue"]
