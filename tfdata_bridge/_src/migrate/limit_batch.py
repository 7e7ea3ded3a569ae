"""A tensor made at each run, repeated by ``train.limit_epochs`` and batched one element per run (no
``enqueue_many``):

    style = preprocess(tf.image.decode_png(tf.read_file(style_path), channels=1))
    style.set_shape([4, 4, 1])
    style = tf.train.limit_epochs(style, num_epochs=repeats)
    styles = tf.train.batch([style], batch_size=2)

No producer feeds such a batch: each run of its enqueue op evaluates the tensor's ops again (a random op gives
a new value) and counts one epoch, and the run that finds the counter at ``num_epochs`` fails with
``OutOfRangeError``, which closes the queue: ``num_epochs`` elements, each the tensor computed once. In tf.data
that is ``Dataset.from_tensors(0).repeat(num_epochs).map(f)``, where ``f`` runs the statements that made the
tensor (moved from the block, as any per-element code is), then the batch's own chain. Checked against legacy:
``tests/migrate/test_migrate_r15a.py``. Several ``limit_epochs`` on the batch's tensors end at the first
counter at its limit (``limit_epochs.py``'s rule). Refused: a ``num_epochs`` below 1 (legacy raises), a
``limit_epochs`` tensor read outside the batch (its counter would count those runs too), ``enqueue_many``.
"""

from __future__ import annotations

import libcst as cst

from tfdata_bridge._src.migrate.calls import Refusal, bind_params, literal_bool, name_ids
from tfdata_bridge._src.migrate.limit_epochs import API, _fewest
from tfdata_bridge._src.migrate.static_values import literal


def limit_source(finder, stmt: cst.SimpleStatementLine, api: str, args: dict[str, cst.BaseExpression],
                 intermediates: list[cst.SimpleStatementLine]):
    """(the source, the per-element statements, in the walk's reverse order) for a batch whose per-element code
    holds ``x = limit_epochs(t, n)`` statements and no source; None where it holds none."""
    from tfdata_bridge._src.migrate.pipelines import Source

    limits = [s for s in intermediates if _limit_call(finder, s) is not None]
    if not limits:
        return None
    if literal_bool(args.get("enqueue_many"), False, "enqueue_many"):
        return None  # (in_memory.py's)
    inside = name_ids(stmt) | {i for s in intermediates for i in name_ids(s)}
    epochs: list[cst.BaseExpression | None] = []
    out: list[cst.SimpleStatementLine] = []
    gone: list[cst.SimpleStatementLine] = []  # the ``limit_epochs`` statements: removed
    for s in intermediates:
        call = _limit_call(finder, s)
        if call is None:
            out.append(s)
            continue
        bound = bind_params(call, ("tensor", "num_epochs", "name"), "`limit_epochs`")
        if "tensor" not in bound:
            raise Refusal("`limit_epochs` is called without its tensor")
        target = s.body[0].targets[0].target.value
        outside = [r for r in finder.scopes.readers_of(s, target) if id(r) not in inside]
        if outside:
            raise Refusal(f"`{target}` (a `limit_epochs` tensor) is also read outside this `{api}`: each run of it "
                          "counts an epoch")
        epochs.append(bound.get("num_epochs"))
        gone.append(s)
        inner = bound["tensor"]
        if isinstance(inner, cst.Name) and inner.value == target:
            continue  # ``x = limit_epochs(x, n)``: x is the tensor itself in the per-element function
        out.append(s.with_changes(body=[s.body[0].with_changes(value=inner)]))
    count = _count(finder, stmt, epochs)
    call = {} if count is None else {"num_epochs": count}
    return Source("limit", gone, ["_"], call=call), out


def _limit_call(finder, stmt: cst.BaseStatement) -> cst.Call | None:
    """The ``limit_epochs`` call of ``x = limit_epochs(...)`` (one name bound)."""
    if not (isinstance(stmt, cst.SimpleStatementLine) and len(stmt.body) == 1 and isinstance(stmt.body[0], cst.Assign)
            and len(stmt.body[0].targets) == 1 and isinstance(stmt.body[0].targets[0].target, cst.Name)):
        return None
    value = stmt.body[0].value
    return value if finder.is_api(value, API) else None


def _count(finder, stmt: cst.CSTNode, epochs: list[cst.BaseExpression | None]) -> cst.BaseExpression | None:
    """The fewest of the ``num_epochs`` (None: no limit), each followed to its literal where it has one
    (``EPOCHS = 5``; ``static_values.py``), else by ``limit_epochs.py``'s rule."""
    limited = [e for e in epochs if e is not None and not (isinstance(e, cst.Name) and e.value == "None")]
    values = [literal(finder, e, e) for e in limited]
    if limited and all(isinstance(v, int) and not isinstance(v, bool) for v in values):
        if min(values) < 1:
            raise Refusal(f"`limit_epochs` with num_epochs={min(values)}: legacy raises ValueError")
        return limited[values.index(min(values))]
    return _fewest(finder, epochs)
