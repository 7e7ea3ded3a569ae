"""A reader's records used as they come, with no batch after them: the cloud-samples ``generate_csv_input_fn``
(``_, rows = reader.read_up_to(queue, num_records=n)``, then ``decode_csv`` and the features returned), or the
how-to's ``key, value = reader.read(queue)`` run record by record.

Each run of the read gave the next record, or the next group of up to ``n`` records. A group never spans two
files (``ReaderBase::ReadUpTo`` returns what it has when a file ends), so the groups are each file's records
``n`` at a time: ``interleave(lambda filename: <dataset>(filename).batch(n), cycle_length=1)``. The read's value
becomes a one-shot iterator's ``get_next()`` of that dataset; the ops after it stay as they are (they ran on
each value, and still do); the producer and the reader go. Only where no legacy batch, join or queue is left in
the module, so no queue consumes what the iterator gives.
"""

from __future__ import annotations

import libcst as cst

from tfdata_bridge._src.compiler import emit
from tfdata_bridge._src.migrate.calls import Refusal, plain_read, target_names
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
    if len(source.params) != 1:
        raise Refusal("the record key (the file name) is used; not rewritten without a batch")
    moved = source.statements
    inside = {id(n) for s in moved for n in _names(s)}
    for stmt in moved[:-1]:  # the producer, the reader: read by the read alone
        for name in target_names(stmt.body[0].targets[0].target) or ():
            if any(id(r) not in inside for r in finder.scopes.readers_of(stmt, name)):
                raise Refusal(f"`{name}` is also used beyond the read")
    p = Pipeline(body[i], "read", {}, source, [], None)
    helpers, head, steps, notes = gen.source(p)
    if up_to:  # [..., the reader's interleave]: the group's batch goes inside it, per file
        steps[-1] = _grouped(steps[-1], gen.code(count))
    steps.append(emit.prefetch_step(gen.v1))
    dataset = gen.fresh("records")
    new = [*helpers, cst.parse_statement(f"{dataset} = {emit.chain(head, steps)}\n"),
           cst.parse_statement(f"{source.params[0]} = {emit.one_shot_get_next(gen.v1, dataset)}\n")]
    what = "read_up_to" if up_to else "read"
    comment = (f"tfdata-bridge migrate: string_input_producer, {source.reader} rewritten to tf.data; each run gives "
               f"the next {'group of records (up to the count, never across files)' if up_to else 'record'}, "
               f"as the reader's `{what}` did")
    if notes:
        comment += "; accepted: " + "; ".join(notes)
    return moved[:-1], new, comment


def _names(node: cst.CSTNode) -> list[cst.Name]:
    out: list[cst.Name] = []

    class _V(Visitor):
        def visit_Name(self, n: cst.Name) -> None:
            out.append(n)

    node.visit(_V())
    return out
