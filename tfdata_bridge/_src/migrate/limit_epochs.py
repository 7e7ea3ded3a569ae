"""In-memory data wrapped in ``train.limit_epochs`` and batched with ``enqueue_many=True``.

    X = tf.train.limit_epochs(X, n_epochs)          # one counter per tensor, counted up at each run
    Y = tf.train.limit_epochs(Y, n_epochs)
    xb, yb = tf.train.shuffle_batch([X, Y], 8, 100, 1, enqueue_many=True)

Each run of the batch's enqueue op evaluates every ``limit_epochs`` once, so the rows of the whole data go in
once per run, paired, and the first run that finds a counter at its limit fails with ``OutOfRangeError``, which
closes the queue: ``min(num_epochs)`` copies of the data (checked on TF 2.21 for 1 and 3 threads, equal and
different ``num_epochs``, a component without a limit). That is ``in_memory.py``'s source with
``repeat(min(num_epochs))``. The ``limit_epochs`` statements go; the tensor each wrapped is batched instead.
Refused, with the reason: a wrapped tensor read elsewhere (its counter would count those runs too), a
``num_epochs`` the rewrite cannot compare with the others, a literal ``num_epochs`` below 1 (legacy raises).
"""

from __future__ import annotations

import libcst as cst
from libcst.metadata import ImportAssignment

from tfdata_bridge._src.migrate.calls import Refusal, bind_params, is_docstring, name_ids, names_in, nodes_of

API = "train.limit_epochs"


def unwrap_limits(finder, at: cst.SimpleStatementLine, parts: list[cst.BaseExpression], closed: list | None = None,
                  changed: dict | None = None) -> tuple[list[cst.BaseExpression], list[tuple[cst.CSTNode, cst.BaseExpression]],
                             cst.BaseExpression | None, list[cst.SimpleStatementLine]]:
    """(the batch's tensors with each ``limit_epochs`` taken off, each unwrapped tensor with the statement whose
    scope it is read in, the epochs the data is repeated (None: no limit), the statements that go). ``closed``:
    where the ``limit_epochs`` statements of closures (``closure_limit``) go instead, None: none is followed;
    ``changed``: where a data helper's return statement goes with its new text (``helper_limits``)."""
    inside = name_ids(at)
    out, checked, epochs, gone = [], [], [], []
    for part in parts:
        call, made = part, None
        if isinstance(part, cst.Name):
            made = finder.scopes.single_assignment(at, part.value)
            if made is None or not isinstance(made.body[0].targets[0].target, cst.Name):
                out.append(part)
                checked.append((at, part))
                continue
            call = made.body[0].value
            followed = closure_limit(finder, made, part.value, inside) if closed is not None else None
            if followed is not None:  # ``features = input_fn()``, the closure returning a ``limit_epochs``
                limit, inner, count = followed
                out.append(part)
                checked.append((limit, inner))
                epochs.append(count)
                closed.append(limit)
                continue
            helped = helper_limits(finder, made, part.value, inside) if changed is not None else None
            if helped is not None:  # ``features = table_tensors(table)``, returning ``limit_epochs`` of its data
                ret, new_ret, inners, counts = helped
                out.append(part)
                checked.extend((ret, inner) for inner in inners)
                epochs.extend(counts)
                changed[ret] = new_ret
                continue
        if not finder.is_api(call, API):
            out.append(part)
            checked.append((at, part))
            continue
        args = bind_params(call, ("tensor", "num_epochs", "name"), "`limit_epochs`")
        if "tensor" not in args:
            raise Refusal("`limit_epochs` is called without its tensor")
        inner = args["tensor"]
        if made is not None:
            name = part.value
            if [r for r in finder.scopes.readers_of(made, name) if id(r) not in inside]:
                raise Refusal(f"`{name}` (a `limit_epochs` tensor) is also read outside this batch: each run "
                              "of it counts an epoch")
            if not (isinstance(inner, cst.Name) and inner.value == name):
                _same_binding(finder, made, at, inner)
            gone.append(made)
        count = args.get("num_epochs")
        if made is not None and isinstance(count, cst.Name) and count.value != "None":
            _same_binding(finder, made, at, count)
        out.append(inner)
        checked.append((made or at, inner))
        epochs.append(count)
    if not epochs:
        return out, checked, None, []
    return out, checked, _fewest(finder, epochs), gone


def closure_limit(finder, made: cst.SimpleStatementLine, name: str, inside: set[int]
                  ) -> tuple[cst.SimpleStatementLine, cst.BaseExpression, cst.BaseExpression | None] | None:
    """(the ``limit_epochs`` statement, its tensor, its num_epochs) where ``made`` is ``name = fn()``, ``fn``
    bound once to ``factory(...)`` (a function of this module whose body is ``def fn(): ...`` and ``return fn``),
    the closure returning ``x`` bound last by ``x = limit_epochs(x, n)`` (the cloud samples'
    ``make_input_fn(npy_uri)``): taking that statement out leaves the closure returning the data, which the
    batch's dataset repeats ``n`` times as the counter allowed. None where ``made`` is no call of a closure;
    refused where it is one whose limit the rewrite cannot take out for this batch alone."""
    value = made.body[0].value
    if not (isinstance(value, cst.Call) and isinstance(value.func, cst.Name) and not value.args):
        return None
    maker = finder.scopes.single_assignment(made, value.func.value)
    if maker is None or not isinstance(maker.body[0].targets[0].target, cst.Name):
        return None
    call = maker.body[0].value
    if not isinstance(call, cst.Call) or not isinstance(call.func, cst.Name):
        return None
    factory = finder.scopes.module_function(maker, call.func.value)
    scope = finder.scopes.scope(maker)
    if factory is None and scope is not None and any(isinstance(a, ImportAssignment) for a in scope[call.func.value]):
        raise Refusal(f"`{value.func.value}()` calls what `{call.func.value}` (imported from another module) made: a "
                      "closure's data and `limit_epochs` are followed only where its factory is in the batch's own "
                      "module; not rewritten")
    if factory is None or not isinstance(factory.body, cst.IndentedBlock):
        return None
    body = [s for s in factory.body.body if not is_docstring(s)]
    if len(body) != 2 or not isinstance(body[0], cst.FunctionDef) or not _returns_name(body[1], body[0].name.value):
        return None
    fn = body[0]
    if not isinstance(fn.body, cst.IndentedBlock) or not fn.body.body or \
            not _returns_a_name(fn.body.body[-1]):
        return None
    returned = fn.body.body[-1].body[0].value.value
    limit = finder.scopes.single_assignment(fn.body.body[-1], returned)
    if limit is None or not finder.is_api(limit.body[0].value, API):
        return None
    what = f"`{value.func.value}()` returns a `limit_epochs` tensor"
    given = fn.params
    if given.params or given.posonly_params or given.kwonly_params or isinstance(given.star_arg, cst.Param) or \
            given.star_kwarg is not None:
        raise Refusal(f"{what} from a function with parameters; not rewritten")
    if len(finder.scopes.callers(factory)) != 1 or len([r for r in finder.scopes.readers_of(maker, value.func.value)
                                                       if r is not value.func]) != 0:
        raise Refusal(f"{what}: the closure (or its factory) is called elsewhere too, whose runs would count "
                      "epochs as well; not rewritten")
    if [r for r in finder.scopes.readers_of(made, name) if id(r) not in inside]:
        raise Refusal(f"`{name}` (a `limit_epochs` tensor) is also read outside this batch: each run of it counts an "
                      "epoch")
    args = bind_params(limit.body[0].value, ("tensor", "num_epochs", "name"), "`limit_epochs`")
    inner, count = args.get("tensor"), args.get("num_epochs")
    if not (isinstance(limit.body[0].targets[0].target, cst.Name) and isinstance(inner, cst.Name)
            and inner.value == returned):
        raise Refusal(f"{what} bound to another name than its tensor's; not rewritten")
    if [r for r in finder.scopes.readers_of(limit, returned) if r is not fn.body.body[-1].body[0].value]:
        raise Refusal(f"{what} that the closure also reads: each run of it counts an epoch")
    if count is not None and not isinstance(count, cst.Integer) and not (
            isinstance(count, cst.Name) and count.value == "None"):
        raise Refusal(f"{what} whose num_epochs is not a literal, which the batch's dataset could not read; not "
                      "rewritten")
    return limit, inner, count


def helper_limits(finder, made: cst.SimpleStatementLine, name: str, inside: set[int]):
    """(the return statement, its new form, the tensors it returns, their num_epochs) where ``made`` is ``name =
    fn(...)``, ``fn`` a function of this module called once, whose one ``return`` (its last statement) is a dict,
    list or tuple literal of tensors some of which are ``limit_epochs(x, num_epochs)`` (a literal, or a parameter
    of ``fn`` given a literal by the call or by its default): the limits go from the return, which leaves ``fn``
    returning the data itself, and the batch's dataset repeats it as the counters allowed. None where ``made`` is
    no such call; refused where the limits cannot be taken out for this batch alone."""
    value = made.body[0].value
    if not (isinstance(value, cst.Call) and isinstance(value.func, cst.Name)):
        return None
    fn = finder.scopes.module_function(made, value.func.value)
    if fn is None or not isinstance(fn.body, cst.IndentedBlock) or not fn.body.body:
        return None
    ret = fn.body.body[-1]
    if not (isinstance(ret, cst.SimpleStatementLine) and len(ret.body) == 1 and isinstance(ret.body[0], cst.Return)
            and isinstance(ret.body[0].value, (cst.Dict, cst.List, cst.Tuple))):
        return None
    shape = ret.body[0].value
    elements = [e for e in shape.elements if isinstance(e, (cst.DictElement, cst.Element))]
    limits = [e for e in elements if finder.is_api(e.value, API)]
    if not limits:
        return None
    what = f"`{value.func.value}(...)` returns `limit_epochs` tensors"
    if len(elements) != len(shape.elements):
        raise Refusal(f"{what} among `*` / `**` entries: its tensors cannot be told apart")
    if len(nodes_of(fn, cst.Return)) != 1 or nodes_of(fn, cst.Yield) or \
            any(isinstance(n, (cst.FunctionDef, cst.Lambda, cst.ClassDef)) and n is not fn
                for n in nodes_of(fn, cst.FunctionDef) + nodes_of(fn, cst.Lambda) + nodes_of(fn, cst.ClassDef)):
        raise Refusal(f"{what} from a function with another return or a nested function; not rewritten")
    if len(finder.scopes.callers(fn)) != 1:
        raise Refusal(f"{what}: the function is called elsewhere too, whose runs would count epochs as well; not "
                      "rewritten")
    if [r for r in finder.scopes.readers_of(made, name) if id(r) not in inside]:
        raise Refusal(f"`{name}` (`limit_epochs` tensors) is also read outside this batch: each run of it counts an "
                      "epoch")
    given = _bound_call(fn, value)
    if given is None:
        raise Refusal(f"{what}; the call's arguments cannot be matched to its parameters")
    inners, counts, news = [], [], []
    for e in elements:
        if e not in limits:
            inners.append(e.value)
            news.append(e)
            continue
        args = bind_params(e.value, ("tensor", "num_epochs", "name"), "`limit_epochs`")
        if "tensor" not in args:
            raise Refusal("`limit_epochs` is called without its tensor")
        count = args.get("num_epochs")
        if isinstance(count, cst.Name) and count.value != "None":
            count = given.get(count.value)
        if count is not None and not isinstance(count, cst.Integer) and not (
                isinstance(count, cst.Name) and count.value == "None"):
            raise Refusal(f"{what} whose num_epochs is not a literal (nor a parameter given one), which the batch's "
                          "dataset could not read; not rewritten")
        inners.append(args["tensor"])
        counts.append(count)
        news.append(e.with_changes(value=args["tensor"]))
    new_ret = ret.with_changes(body=[ret.body[0].with_changes(value=shape.with_changes(elements=news))])
    return ret, new_ret, inners, counts


def _bound_call(fn: cst.FunctionDef, call: cst.Call) -> dict[str, cst.BaseExpression] | None:
    """Each plain parameter of ``fn`` -> what ``call`` gives it (its default where not given); None where the call
    has ``*`` / ``**`` or ``fn`` takes them."""
    p = fn.params
    if p.posonly_params or isinstance(p.star_arg, cst.Param) or p.star_kwarg is not None or \
            any(a.star for a in call.args):
        return None
    params = [*p.params, *p.kwonly_params]
    out = {q.name.value: q.default for q in params if q.default is not None}
    positional = [a for a in call.args if a.keyword is None]
    if len(positional) > len(p.params):
        return None
    for q, a in zip(p.params, positional):
        out[q.name.value] = a.value
    for a in call.args:
        if a.keyword is not None:
            out[a.keyword.value] = a.value
    return out


def _returns_name(stmt: cst.BaseStatement, name: str) -> bool:
    return _returns_a_name(stmt) and stmt.body[0].value.value == name


def _returns_a_name(stmt: cst.BaseStatement) -> bool:
    return isinstance(stmt, cst.SimpleStatementLine) and len(stmt.body) == 1 and isinstance(stmt.body[0], cst.Return) \
        and isinstance(stmt.body[0].value, cst.Name)


def _same_binding(finder, made: cst.CSTNode, at: cst.CSTNode, inner: cst.BaseExpression) -> None:
    """``inner``, read where ``made`` read it, means the same at ``at`` (the batch), where the dataset reads it."""
    for n in sorted(names_in(inner)):
        there, here = finder.scopes.single_assignment(made, n), finder.scopes.single_assignment(at, n)
        scope = finder.scopes.scope(at)
        if there is not here or (there is None and scope is not None and len(list(scope[n])) > 1):
            raise Refusal(f"`{n}` is bound again between its `limit_epochs` and the batch")


def _fewest(finder, epochs: list[cst.BaseExpression | None]) -> cst.BaseExpression | None:
    limited = [e for e in epochs if e is not None and not (isinstance(e, cst.Name) and e.value == "None")]
    if not limited:
        return None
    for e in limited:
        if isinstance(e, cst.Integer) and e.evaluated_value < 1 or isinstance(e, cst.UnaryOperation):
            raise Refusal(f"`limit_epochs` with num_epochs={cst.Module([]).code_for_node(e)}: legacy raises "
                          "ValueError")
    if all(isinstance(e, cst.Integer) for e in limited):
        return min(limited, key=lambda e: e.evaluated_value)
    codes = {cst.Module([]).code_for_node(e) for e in limited}
    if len(codes) != 1 or not all(isinstance(e, cst.Name) for e in limited):
        raise Refusal(f"the `limit_epochs` of this batch have num_epochs {', '.join(sorted(codes))}: legacy ended "
                      "at the smallest, which the rewrite cannot tell; give them one name or literal")
    return limited[0]
