"""A reader's records used as they come, with no batch after them: the cloud-samples ``generate_csv_input_fn``
(``_, rows = reader.read_up_to(queue, num_records=n)``, then ``decode_csv`` and the features returned), or the
how-to's ``key, value = reader.read(queue)`` run record by record.

Each run of the read gave the next record, or the next group of up to ``n`` records. A group never spans two
files (``ReaderBase::ReadUpTo`` returns what it has when a file ends), so the groups are each file's records
``n`` at a time: ``interleave(lambda filename: <dataset>(filename).batch(n), cycle_length=1)``. The read's value
becomes a one-shot iterator's ``get_next()`` of that dataset; the ops after it stay as they are (they ran on
each value, and still do); the producer and the reader go. Only where no legacy batch, join or queue is left in
the module, so no queue consumes what the iterator gives.

The dataset is made where the read was: a producer, reader and read built in each turn of a loop (a new pipeline
per file: round 37's sheet-music pages) give each turn its own dataset, as legacy gave each its own queue. A
producer or reader made once, outside the loop (or the function) that makes the read, carried its place in the
files from one turn to the next: that is refused, said at the read (``TurnRefusal``). A key that is read comes
with the value (``key, value = ...get_next()``); a ``WholeFileReader`` key nobody reads is dropped.
"""

from __future__ import annotations

from dataclasses import replace

import libcst as cst

from tfdata_bridge._src.compiler import emit
from tfdata_bridge._src.migrate.calls import Refusal, nodes_of, plain_read, target_names
from tfdata_bridge._src.migrate.pipelines import Pipeline
from tfdata_bridge._src.migrate.walk import Visitor

_READS = ("read", "read_up_to")


def _read_of(stmt: cst.BaseStatement) -> tuple[cst.Assign, cst.Call] | None:
    if not (isinstance(stmt, cst.SimpleStatementLine) and len(stmt.body) == 1 and isinstance(stmt.body[0], cst.Assign)
            and len(stmt.body[0].targets) == 1):
        return None
    value = stmt.body[0].value
    if isinstance(value, cst.Call) and isinstance(value.func, cst.Attribute) and value.func.attr.value in _READS:
        return stmt.body[0], value
    return None


def _grouped(step: str, count: str) -> str:
    """The reader's ``interleave(...)`` step with each file's records batched ``count`` at a time inside it."""
    call = cst.parse_expression(f"d.{step}")
    reader = call.args[0].value
    code = cst.Module([]).code_for_node
    marked = None  # ``do_not_convert(lambda filename: ...)``: the grouped lambda keeps the mark
    if isinstance(reader, cst.Call) and len(reader.args) == 1 and isinstance(reader.args[0].value, cst.Lambda) \
            and code(reader.func).endswith("do_not_convert"):
        marked, reader = code(reader.func), reader.args[0].value
    if isinstance(reader, cst.Lambda):
        per_file = f"lambda filename: ({code(reader.body)}).batch({count})"
    else:
        per_file = f"lambda filename: {code(reader)}(filename).batch({count})"
    return emit.interleave(per_file if marked is None else f"{marked}({per_file})", 1, None)


def read_groups(body: list[cst.BaseStatement], i: int, finder, gen) -> tuple[list, list[cst.BaseStatement], str] | None:
    """(the statements that go, the read's replacement, the comment), None when ``body[i]`` is no read."""
    found = _read_of(body[i])
    if found is None:
        return None
    assign, read = found
    defined = target_names(assign.targets[0].target)
    if defined is None or len(defined) != 2:
        raise Refusal("a reader's read must be unpacked into a key and a value")
    read = plain_read(read)  # (``read_up_to(q, num_records=n, name="r")``: bound by the method's signature)
    up_to = read.func.attr.value == "read_up_to"
    if up_to:
        count = read.args[1].value if len(read.args) > 1 else None
        if count is None or read.args[0].keyword is not None:
            raise Refusal("`read_up_to` must be called as `reader.read_up_to(queue, n)`")
        read = read.with_changes(args=[read.args[0]])
    source = finder._reader_source(body, i, read, defined)
    if source.reader == "WholeFileReader" and up_to:
        raise Refusal("`WholeFileReader.read_up_to` gives one file a run; not rewritten")
    if len(source.params) == 2 and source.reader == "WholeFileReader" and \
            not finder.scopes.readers_of(body[i], source.params[0]):
        # (a WholeFileReader's key is its file name, kept where it is read: here nothing reads it)
        source = replace(source, params=source.params[1:], keyed=False)
    if len(source.params) != 1 and (up_to or len(source.params) != 2):
        raise Refusal("the record key is used with `read_up_to`; not rewritten without a batch")
    moved = source.statements
    inside = {id(n) for s in moved for n in _names(s)}
    for stmt in moved[:-1]:  # the producer, the reader: read by the read alone
        for name in target_names(stmt.body[0].targets[0].target) or ():
            if any(id(r) not in inside for r in finder.scopes.readers_of(stmt, name)):
                raise Refusal(f"`{name}` is also used beyond the read")
    hoist = _same_turns(finder, body[i], moved[:-1],
                        read.func.value.value if isinstance(read.func.value, cst.Name) else None)
    p = Pipeline(body[i], "read", {}, source, [], None)
    helpers, head, steps, notes = gen.source(p)
    if up_to:  # [..., the reader's interleave]: the group's batch goes inside it, per file
        steps[-1] = _grouped(steps[-1], gen.code(count))
    steps.append(emit.prefetch_step(gen.v1))
    dataset = gen.fresh("records")
    made = cst.parse_statement(f"{dataset} = {emit.chain(head, steps)}\n")
    what = "read_up_to" if up_to else "read"
    comment = (f"tfdata-bridge migrate: string_input_producer, {source.reader} rewritten to tf.data; each run gives "
               f"the next {'group of records (up to the count, never across files)' if up_to else 'record'}, "
               f"as the reader's `{what}` did")
    if hoist is not None:  # made once where the producer and reader were; each turn's read takes its next element
        iterator = gen.fresh("records_iterator")
        comment += ("; the dataset and its iterator are made once, where the producer and reader were, and each "
                    "turn's read takes the iterator's next element, as each turn's read took the reader's next record")
        if notes:
            comment += "; accepted: " + "; ".join(notes)
        first = [*helpers, made, cst.parse_statement(f"{iterator} = {gen.v1}.data.make_one_shot_iterator({dataset})\n")]
        return moved[:-1], [cst.parse_statement(f"{', '.join(source.params)} = {iterator}.get_next()\n")], comment, \
            (hoist, first)
    new = [*helpers, made,
           cst.parse_statement(f"{', '.join(source.params)} = {emit.one_shot_get_next(gen.v1, dataset)}\n")]
    if notes:
        comment += "; accepted: " + "; ".join(notes)
    return moved[:-1], new, comment, None


class TurnRefusal(Refusal):
    """A read whose producer or reader is made once for several turns of a loop (or calls): said at the read.
    ``made``: the statements making the producer and the reader (where another rewrite took them, nothing is said)."""

    def __init__(self, message: str, made: list) -> None:
        super().__init__(message)
        self.made = made


def _same_turns(finder, read: cst.SimpleStatementLine, made: list[cst.SimpleStatementLine],
                reader: str | None) -> cst.SimpleStatementLine | None:
    """Where the dataset goes: None for the read's place, where the producer and the reader are made in the read's
    function and in the same turns of the same loops as the read (a new producer, reader and read for each file:
    each turn's dataset is its own turn's pipeline). Both made once, together, outside loops the read is in: the
    statement of the last of them, where the dataset and its iterator are made once (each turn's read went on
    where the last left off, as the iterator's next element does). ``TurnRefusal`` otherwise: a producer made
    once for several turns (or calls) whose reader is made per turn (each new reader took the queue's next file),
    or made outside the read's function. ``reader``: the name the read's reader is (None: made in the read)."""
    scopes = finder.scopes
    home = scopes.scope(read)
    node = getattr(home, "node", None)
    loops = [] if node is None else [lp for lp in nodes_of(node, cst.CSTNode) if isinstance(lp, (cst.For, cst.While))]

    def turns(stmt):
        return [lp for lp in loops if any(s is stmt for s in nodes_of(lp.body, cst.SimpleStatementLine))]

    def line(n):
        return getattr(getattr(scopes.positions.get(n), "start", None), "line", "?")

    around = turns(read)
    # the producer and reader made once, in the same turns as each other, outside loops the read is in: the
    # dataset and its iterator are made there, the read takes the iterator's next element (the last made, its place)
    first = turns(made[0]) if made else None
    if made and reader is not None and all(scopes.scope(s) is home and [id(lp) for lp in turns(s)] == [id(lp) for lp in first]
                    for s in made) and [id(lp) for lp in around[:len(first)]] == [id(lp) for lp in first] and \
            len(around) > len(first):
        return max(made, key=lambda s: scopes._where(s))
    for stmt in made:
        what = cst.Module([]).code_for_node(stmt.body[0].targets[0].target) if isinstance(stmt.body[0], cst.Assign) \
            else "a statement"
        if scopes.scope(stmt) is not home:
            raise TurnRefusal(f"`{what}` (line {line(stmt)}) is made outside the function of its read (line "
                          f"{line(read)}): each call's read went on where the last left off, where a dataset made "
                          "in the function would start again", made)
        mine = turns(stmt)
        if [id(lp) for lp in mine] != [id(lp) for lp in around]:
            outer = next((lp for lp in around if all(lp is not m for m in mine)), None)
            where = f"the loop at line {line(outer)}" if outer is not None else "a loop the read is not in"
            per_turn = reader is None or any(
                [id(lp) for lp in turns(s)] == [id(lp) for lp in around] for s in made
                if isinstance(s.body[0], cst.Assign) and target_names(s.body[0].targets[0].target) == [reader])
            if per_turn:  # (the reader made in each turn, in the read's statement or its own)
                raise TurnRefusal(f"`{what}` (line {line(stmt)}) is made once, outside {where} that makes its "
                                  f"read (line {line(read)}) with a new reader each turn: each new reader took the "
                                  "queue's next file, where a dataset made per turn would start again and one made "
                                  "once would go on in the same file", made)
            raise TurnRefusal(f"`{what}` (line {line(stmt)}) is made once, outside {where} that makes its read "
                          f"(line {line(read)}): each turn's read went on where the last left off, where a dataset "
                          "made per turn would start again", made)


def _names(node: cst.CSTNode) -> list[cst.Name]:
    out: list[cst.Name] = []

    class _V(Visitor):
        def visit_Name(self, n: cst.Name) -> None:
            out.append(n)

    node.visit(_V())
    return out
