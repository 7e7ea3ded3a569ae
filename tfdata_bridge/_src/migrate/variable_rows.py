"""A variable made in the per-element code, and the code reading it, moved after the batch (round 40's CCTV form):

    frame = tf.cast(tf.image.decode_png(contents, channels=1), tf.float32)
    bg = tf.Variable(background, trainable=False)          # the model's variable, made once
    motion = tf.reduce_mean(tf.abs(frame - bg))            # read per element
    frames, motions = tf.train.batch([frame, motion], 2)

A dataset read by a one-shot iterator cannot hold a variable (``Cannot capture a stateful node``), and one made
in its function would not be the model's. So the variable's statement stays in the graph where the pipeline
stood, the dataset batches the rest, and the statements that read the variable run on each row of the batch
(``vectorized_map``), over the batched tensors they read: the same values per row, stacked as the batch stacked
them. The variable is read when the batch is taken rather than when each element was queued (the same value
where nothing assigns it in between).

Only this form: one variable statement (``name = Variable(...)`` / ``get_variable(...)``) whose arguments read
nothing of the element; the statements reading it (and what they bind) plain assignments to one name, nothing
random in them; every element name they read a batched tensor named as such, not bound again after; each batched
tensor either reads none of them or is one of their names; no ``dynamic_pad``, ``shapes=``, ``keep_input``,
``enqueue_many``, queue stages or copies. Anything else keeps the refusal of ``stateful_captures.py``.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

import libcst as cst

from tfdata_bridge._src.migrate.calls import identifiers, literal_bool, nodes_of
from tfdata_bridge._src.migrate.stateful_captures import RANDOM, VARIABLES


@dataclass
class RowSplit:
    variable: cst.SimpleStatementLine  # stays in the graph, before the dataset
    rows: list[cst.SimpleStatementLine]  # run on each row of the batch
    inputs: list[int]  # the batched tensors (their places among the ones the dataset keeps) the rows read
    input_names: list[str]
    outputs: dict[int, str]  # place among the batch call's tensors -> the name the rows bind
    kept: list[int]  # the batch call's tensors the dataset still makes, their places


def _one_name(stmt) -> tuple[str, cst.BaseExpression] | None:
    if isinstance(stmt, cst.SimpleStatementLine) and len(stmt.body) == 1 and isinstance(stmt.body[0], cst.Assign) \
            and len(stmt.body[0].targets) == 1 and isinstance(stmt.body[0].targets[0].target, cst.Name):
        return stmt.body[0].targets[0].target.value, stmt.body[0].value
    return None


def _bound(stmt) -> set[str]:
    out: set[str] = set()
    for node in nodes_of(stmt, cst.AssignTarget):
        out |= {n.value for n in identifiers(node.target)}
    return out


_EFFECTS = ("assign", "scatter", "print", "py_func", "py_function", "numpy_function", "assert", "random",
            "dropout", "shuffle", "count_up_to", "write", "summary")


def _stateful(call: cst.Call, api_of, tainted: set[str]) -> bool:
    """A call the rows must not run once a row: random, a variable's change (``bg.assign(...)``, any method of a
    name the rows bind), a print, a ``py_func``, an assertion, a summary: each ran once an element in legacy's
    order."""
    func = call.func
    if isinstance(func, cst.Attribute) and any(n.value in tainted for n in identifiers(func.value)):
        return True
    name = (api_of(call) or (func.attr.value if isinstance(func, cst.Attribute) else
                             func.value if isinstance(func, cst.Name) else "")).rsplit(".", 1)[-1]
    return name in RANDOM | VARIABLES or any(word in name.lower() for word in _EFFECTS)


def row_split(p, api_of) -> RowSplit | None:
    """The split of ``p`` above, None where ``p`` makes no variable in its per-element code or is not this form."""
    made = [(k, s) for k, s in enumerate(p.intermediates)
            if (one := _one_name(s)) is not None and isinstance(one[1], cst.Call) and
            (api_of(one[1]) or "").rsplit(".", 1)[-1] in VARIABLES]
    if len(made) != 1:
        return None
    tensors = p.args.get("tensors")
    if not isinstance(tensors, (cst.List, cst.Tuple)) or p.stages or p.copy_index or p.source.whole or \
            p.args.get("keep_input") is not None or p.args.get("shapes") is not None or \
            literal_bool(p.args.get("dynamic_pad"), False, "dynamic_pad") or \
            literal_bool(p.args.get("enqueue_many"), False, "enqueue_many") or \
            not all(isinstance(s, cst.SimpleStatementLine) for s in p.intermediates):
        return None
    at, var_stmt = made[0]
    var = _one_name(var_stmt)[0]
    element = set(p.source.params) | {n for s in p.intermediates for n in _bound(s)}
    if {n.value for n in identifiers(var_stmt.body[0].value)} & element:
        return None  # (made from the element: one per element, not the model's one)
    tainted, rows, reads = {var}, [], []
    for k, s in enumerate(p.intermediates):
        if k == at:
            continue
        read = {n.value for n in identifiers(s)}
        if not read & tainted:
            if k > at and _bound(s) & tainted:
                return None
            continue
        one = _one_name(s)
        if one is None or k < at or any(_stateful(c, api_of, tainted) for c in nodes_of(s, cst.Call)):
            return None
        tainted.add(one[0])
        rows.append(s)
        reads.append((k, read - tainted - {one[0]}))
    if not rows:
        return None
    items = [el.value for el in tensors.elements]
    outputs, kept = {}, []
    for i, item in enumerate(items):
        names = {n.value for n in identifiers(item)}
        if names & tainted:
            if not (isinstance(item, cst.Name) and item.value in tainted and item.value != var):
                return None
            outputs[i] = item.value
        else:
            kept.append(i)
    if not outputs:
        return None
    inputs, input_names = [], []
    for k, read in reads:
        for name in sorted(read & element):
            place = next((j for j, i in enumerate(kept) if isinstance(items[i], cst.Name) and
                          items[i].value == name), None)
            if place is None or any(name in _bound(s) for s in p.intermediates[k + 1:]):
                return None  # (an element value the batch does not hold as the rows read it)
            if name not in input_names:
                inputs.append(place)
                input_names.append(name)
    return RowSplit(var_stmt, rows, inputs, input_names, outputs, kept)


def without_rows(p, split: RowSplit):
    """``p`` with its variable and the statements reading it taken out, batching the tensors it keeps."""
    gone = {id(split.variable), *(id(s) for s in split.rows)}
    tensors = p.args["tensors"]
    elements = [el for i, el in enumerate(tensors.elements) if i in split.kept]
    last = len(elements) - 1
    elements = [el.with_changes(comma=cst.MaybeSentinel.DEFAULT if i == last else el.comma)
                for i, el in enumerate(elements)]
    return replace(p, intermediates=[s for s in p.intermediates if id(s) not in gone],
                   args={**p.args, "tensors": tensors.with_changes(elements=elements)})


__all__ = ["RowSplit", "row_split", "without_rows"]
