"""Input producers over tensors: ``input_producer``, ``range_input_producer`` and a ``dequeue`` of them.

    rows = tf.train.input_producer(table, num_epochs=2, shuffle=False)   # or range_input_producer(limit)
    row = rows.dequeue()                                                 # or ...producer(...).dequeue() inline

Dequeued into a batch, the producer is the pipeline's source (``Source(kind="slice" | "range")``: the rows of
the tensor, or ``tf.range(limit)``, shuffled per epoch as the producer did, repeated ``num_epochs`` times).
Dequeued and used directly, one element per ``session.run`` (the language-model reader's
``range_input_producer(epoch_size).dequeue()`` indexing a ``strided_slice``), the dequeue becomes the
``get_next()`` of a one-shot iterator over the same dataset (``direct_dequeues``); the graph ops that use it
stay as they are.
"""

from __future__ import annotations

from dataclasses import dataclass

import libcst as cst

from tfdata_bridge._src.compiler import emit
from tfdata_bridge._src.migrate.calls import Refusal, bind, is_none, literal_bool, names_in

PRODUCERS = ("train.input_producer", "train.range_input_producer")


@dataclass
class Produced:
    """A ``dequeue()`` of an input producer over a tensor."""

    short: str  # "input_producer" or "range_input_producer"
    call: dict[str, cst.BaseExpression]  # its bound arguments
    statement: cst.SimpleStatementLine | None  # ``rows = producer(...)``; None: made inline

    def source(self, stmt: cst.SimpleStatementLine, assign: cst.Assign, defined: list[str]):
        from tfdata_bridge._src.migrate.pipelines import Source

        if not isinstance(assign.targets[0].target, cst.Name):
            raise Refusal(f"the `{self.short}` dequeue gives one tensor; it must be assigned to one name")
        statements = [s for s in (self.statement, stmt) if s is not None]
        kind = "range" if self.short == "range_input_producer" else "slice"
        call = dict(self.call)
        if kind == "slice":
            call["tensor_list"] = cst.List([cst.Element(self.call["input_tensor"])])
        return Source(kind, statements, defined, call=call, producer=self.short)


def tensor_producer(finder, at: cst.CSTNode, value: cst.BaseExpression | None, named: bool = False
                    ) -> Produced | None:
    """``value`` is ``P.dequeue()`` (``P`` one assignment of, or inline, an input producer over a tensor).
    ``named``: ``P.dequeue(name=...)`` too (the caller gives the name to what replaces the dequeue)."""
    if not (isinstance(value, cst.Call) and isinstance(value.func, cst.Attribute) and
            value.func.attr.value == "dequeue" and (not value.args or named and dequeue_name(value) is not None)):
        return None
    queue, stmt = value.func.value, None
    if isinstance(queue, cst.Name):
        stmt = finder.scopes.single_assignment(at, queue.value)
        if stmt is None:
            return None
        queue = stmt.body[0].value
    short = finder.is_api(queue, *PRODUCERS)
    if short is None:
        return None
    call = bind(queue, f"train.{short}")
    for bad in ("shared_name", "cancel_op"):
        if not is_none(call.get(bad)):
            raise Refusal(f"`{short}({bad}=...)` has no tf.data equivalent")
    if stmt is not None:
        name = value.func.value.value  # type: ignore[union-attr]
        outside = [r for r in finder.scopes.readers_of(stmt, name) if r is not value.func.value]
        if outside:
            raise Refusal(f"the producer `{name}` is also used beyond its one `dequeue()` (a size, a close...)")
    return Produced(short, call, stmt)


def dequeue_name(call: cst.Call) -> cst.BaseExpression | None:
    """The ``name=`` of ``P.dequeue(name=...)`` (its one argument, by keyword); None otherwise."""
    if len(call.args) == 1 and call.args[0].keyword is not None and call.args[0].keyword.value == "name" and \
            not call.args[0].star:
        return call.args[0].value
    return None


def elements_of(produced: Produced, v1: str, code) -> str:
    """The tensor whose rows the producer hands out, as source."""
    if produced.short == "range_input_producer":
        return f"{v1}.range({code(produced.call['limit'])})"
    return code(produced.call["input_tensor"])


def dataset_of(produced: Produced, v1: str, code) -> tuple[str, list[str], list[str]]:
    """(head, steps, accepted differences) of the dataset a producer's dequeues read, its ``shuffle`` a literal."""
    call = produced.call
    elements = elements_of(produced, v1, code)
    shuffle = literal_bool(call.get("shuffle"), True, f"{produced.short}'s shuffle")
    buffer = f"{v1}.shape({elements}, out_type={v1}.int64)[0]" if shuffle else None
    seed = None if is_none(call.get("seed")) else code(call["seed"])
    epochs = None if is_none(call.get("num_epochs")) else code(call["num_epochs"])
    notes = [f"each epoch is a fresh shuffle of the {produced.short}'s elements, not legacy's permutation"] \
        if shuffle else []
    return emit.from_tensor_slices(v1, elements), emit.epoch_steps(buffer, seed, epochs), notes


def _flagged_dataset(produced: Produced, v1: str, code, fresh) -> tuple[list[cst.BaseStatement], str, list[str]]:
    """(statements, the dataset's code, accepted differences) for a producer whose ``shuffle`` is an expression
    (``shuffle=is_training``, ``shuffle=FLAGS.shuffle``): Python read it once, where the producer was made
    (``if shuffle:`` in ``training/input.py``), so the shuffle step goes under the same ``if``, read once."""
    call = produced.call
    elements = elements_of(produced, v1, code)
    flag = code(call["shuffle"])
    seed = None if is_none(call.get("seed")) else code(call["seed"])
    epochs = None if is_none(call.get("num_epochs")) else code(call["num_epochs"])
    name = fresh("elements_dataset")
    shuffled = emit.epoch_steps(f"{v1}.shape({elements}, out_type={v1}.int64)[0]", seed, None)[0]
    stmts = list(cst.parse_module(f"{name} = {emit.from_tensor_slices(v1, elements)}\nif {flag}:\n"
                                  f"    {name} = {name}.{shuffled}\n").body)
    note = f"when {flag}: each epoch is a fresh shuffle of the {produced.short}'s elements, not legacy's permutation"
    return stmts, emit.chain(name, emit.epoch_steps(None, seed, epochs)), [note]


def producer_chain(finder, produced, stmt: cst.SimpleStatementLine, v1: str, code, fresh=None
                   ) -> tuple[list[cst.BaseStatement], str, list]:
    """(statements before, the dataset chain, notes) of a producer read directly at ``stmt``: its ``shuffle``
    a literal (or no fresh names to make), one chain; a flag, a choice between two chains made before, its flag,
    seed and epochs checked unchanged from the producer to the read."""
    flag = produced.call.get("shuffle")
    if flag is None or isinstance(flag, cst.Name) and flag.value in ("True", "False") or fresh is None:
        head, steps, notes = dataset_of(produced, v1, code)
        return [], head + "".join(f".{s}" for s in steps), notes
    if produced.statement is not None:
        unchanged_between(finder, [flag, produced.call.get("seed"), produced.call.get("num_epochs")],
                          produced.statement, stmt, produced.short)
    return _flagged_dataset(produced, v1, code, fresh)


def direct_dequeue(finder, stmt: cst.SimpleStatementLine, v1: str, code, line: int, fresh=None
                   ) -> tuple[list[cst.SimpleStatementLine], list[cst.BaseStatement], str] | None:
    """``x = P.dequeue()`` read directly (no batch took it): (statements removed, its replacements, comment)."""
    if not (len(stmt.body) == 1 and isinstance(stmt.body[0], cst.Assign) and len(stmt.body[0].targets) == 1):
        return None
    produced = tensor_producer(finder, stmt, stmt.body[0].value, named=True)
    if produced is None:
        return None
    before, chain, notes = producer_chain(finder, produced, stmt, v1, code, fresh)
    named = dequeue_name(stmt.body[0].value)  # (``dequeue(name='iter_idx')``: the same name for the read op)
    said = f"name={code(named)}" if named is not None else ""
    new = stmt.body[0].with_changes(value=cst.parse_expression(
        f"{v1}.data.make_one_shot_iterator({chain}).get_next({said})"))
    comment = (f"tfdata-bridge migrate: {produced.short} rewritten to tf.data; each run reads the iterator's next "
               "element, as each dequeue did")
    if notes:
        comment += "; accepted: " + "; ".join(notes)
    gone = [produced.statement] if produced.statement is not None else []
    return gone, [*before, stmt.with_changes(body=[new])], comment


def unchanged_between(finder, exprs: list[cst.BaseExpression | None], made: cst.CSTNode, used: cst.CSTNode,
                      what: str) -> None:
    """The names of a producer's arguments (``shuffle=training``) mean at ``used``, where the rewrite reads
    them, what they meant at ``made``, where legacy read them: else a ``Refusal``."""
    for expr in exprs:
        if expr is None:
            continue
        for name in sorted(names_in(expr)):
            was, now = finder.scopes.single_assignment(made, name), finder.scopes.single_assignment(used, name)
            if was is not now or was is None and finder.scopes.rebound(made, used, name):
                raise Refusal(f"`{name}` in an argument of `{what}` is assigned again before the producer's "
                              "elements are read, so the rewrite could not read it where legacy did; not rewritten")


def direct_slices(finder, stmt: cst.SimpleStatementLine, gen) -> tuple[list[cst.BaseStatement], str] | None:
    """``f = slice_input_producer([a, b], ...)`` (or ``a, b = ...``) read directly, one element per run, with no
    batch after it (the how-to's ``k = sess.run(f)`` until ``OutOfRangeError``): (its replacements, comment).

    Each run of the producer's tensors dequeued the next slice, the epochs shuffled and counted as the producer
    did; the same slices come from a one-shot iterator's ``get_next()`` over the same dataset, made where the
    producer was. Bound to one name, legacy gave a list of the slices (``sess.run(f)`` a list): so does
    ``list(...get_next())``; unpacked, the names take the tuple's items. None where ``stmt`` is no such producer."""
    if not (len(stmt.body) == 1 and isinstance(stmt.body[0], cst.Assign) and len(stmt.body[0].targets) == 1):
        return None
    assign = stmt.body[0]
    target = assign.targets[0].target
    if not finder.is_api(assign.value, "train.slice_input_producer") or not isinstance(
            target, (cst.Name, cst.Tuple, cst.List)):
        return None  # (``self.queue = ...``: kept on an object, said where the object's pipeline is)
    bound = finder._known_tensor_list(stmt, bind(assign.value, "train.slice_input_producer"))
    for bad in ("shared_name",):
        if not is_none(bound.get(bad)):
            raise Refusal(f"`slice_input_producer({bad}=...)` has no tf.data equivalent")
    elements = bound["tensor_list"].elements
    if not elements or any(isinstance(e, cst.StarredElement) for e in elements):
        raise Refusal("`slice_input_producer` must take a literal list of tensors")
    whole = isinstance(target, cst.Name)
    if not whole and not (isinstance(target, (cst.Tuple, cst.List)) and len(target.elements) == len(elements)
                          and all(isinstance(e, cst.Element) and isinstance(e.value, cst.Name)
                                  for e in target.elements)):
        raise Refusal("`slice_input_producer` must be unpacked into one name per tensor, or bound to one name")
    code, v1 = gen.code, gen.v1
    tensors = [code(e.value) for e in elements]
    head = emit.from_tensor_slices(v1, f"({tensors[0]},)" if len(tensors) == 1 else "(" + ", ".join(tensors) + ")")
    before, head, steps, notes = gen._epochs(bound, head, f"{v1}.shape({tensors[0]}, out_type={v1}.int64)[0]",
                                             "slices", "slices_dataset", tensors[0] if len(tensors) == 1 else None)
    dataset = gen.fresh("slices")
    made = cst.parse_statement(f"{dataset} = {emit.chain(head, [*steps, emit.prefetch_step(v1)])}\n")
    got = emit.one_shot_get_next(v1, dataset)
    new = assign.with_changes(value=cst.parse_expression(f"list({got})" if whole else got))
    comment = ("tfdata-bridge migrate: slice_input_producer rewritten to tf.data; each run gives the next slice, "
               "as the producer's dequeue did" + (" (a list of the slices, as the producer's list gave)" if whole
                                                  else ""))
    if notes:
        comment += "; accepted: " + "; ".join(notes)
    return [*before, made, stmt.with_changes(body=[new], leading_lines=())], comment
