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

from tfdata_bridge._src.migrate.calls import Refusal, bind_params, name_ids, names_in

API = "train.limit_epochs"


def unwrap_limits(finder, at: cst.SimpleStatementLine, parts: list[cst.BaseExpression]
                  ) -> tuple[list[cst.BaseExpression], list[tuple[cst.CSTNode, cst.BaseExpression]],
                             cst.BaseExpression | None, list[cst.SimpleStatementLine]]:
    """(the batch's tensors with each ``limit_epochs`` taken off, each unwrapped tensor with the statement whose
    scope it is read in, the epochs the data is repeated (None: no limit), the statements that go)."""
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
