"""A reader's count of what it read, asked once the data has ended (evaluation scripts counting the examples):

    reader = tf.FixedLengthRecordReader(...)
    keys, values = reader.read_up_to(file_queue, 5)
    num_records = reader.num_records_produced()           # or num_work_units_completed(): files finished
    ...batch...
    with tf.Session() as sess:
        try:
            while True:                                   # or ``while not coord.should_stop():``
                sess.run(batch)
        except tf.errors.OutOfRangeError:
            ...
        print(sess.run(num_records))                      # after the end of data, and only there

When the batch's queue has ended, legacy's reader had read every record of every file over all the epochs (the
queue closes only when the reader's runner has taken the last file), so the count is that many, whatever the
consumer kept. The rewrite counts the same files' records (or the files) with a ``reduce`` over them, read a
second time when the count is run. Read anywhere else (in the loop, before it, after a loop that ends by a step
count) legacy's count ran ahead of the batches by what the queues held: refused, with the reason.
"""

from __future__ import annotations

import libcst as cst

from tfdata_bridge._src.migrate.calls import Refusal, names_in, nodes_of
from tfdata_bridge._src.migrate.queue_size import parents

COUNTS = {"num_records_produced": "records", "num_work_units_completed": "files"}


def reader_count(finder, ref: cst.Name, p) -> tuple[cst.SimpleStatementLine, str, str] | None:
    """(the statement ``n = reader.<count>()``, ``n``, the count method) for ``ref``, a read of the pipeline's
    reader outside it; None where ``ref`` is no count call; Refusal where it is one asked before the end."""
    scope = finder.scopes.scope(ref)
    root = getattr(scope, "node", None)
    if not isinstance(root, cst.FunctionDef):
        return None
    up = parents(root)
    attr, call = up.get(id(ref)), None
    if isinstance(attr, cst.Attribute) and attr.value is ref and attr.attr.value in COUNTS:
        call = up.get(id(attr))
    if not (isinstance(call, cst.Call) and call.func is attr and not call.args):
        return None
    method = attr.attr.value
    assign, stmt = up.get(id(call)), None
    if isinstance(assign, cst.Assign) and assign.value is call and len(assign.targets) == 1 and \
            isinstance(assign.targets[0].target, cst.Name):
        stmt = up.get(id(assign))
    if not (isinstance(stmt, cst.SimpleStatementLine) and len(stmt.body) == 1):
        raise Refusal(f"`{ref.value}` is also used outside the pipeline: the reader's `{method}()` is not bound to a "
                      f"name of its own (`n = {ref.value}.{method}()`, run after the batches end)")
    if p.source.kind != "reader" or p.source.helper is not None or p.source.prefetch is not None or \
            p.readers is not None or p.source.setup is not None or p.source.inlined:
        raise Refusal(f"the reader's `{method}()` is counted again only for one reader read where it is made")
    name = assign.targets[0].target.value
    targets = set(names_in(p.targets)) if p.targets is not None else set()
    reads = finder.scopes.readers_of(stmt, name)
    if not reads or not targets:
        raise Refusal(f"the reader's `{method}()` (`{name}`) is not run after the batches end")
    for read in reads:
        _after_the_end(up, read, name, targets, method)
    return stmt, name, method


def _after_the_end(up: dict[int, cst.CSTNode], read: cst.Name, name: str, targets: set[str], method: str) -> None:
    """``read`` is ``X.run(name)`` in a statement that runs only once a loop over the batch (``targets``) has
    ended by OutOfRangeError; Refusal otherwise."""
    run = up.get(id(up.get(id(read)))) if isinstance(up.get(id(read)), cst.Arg) else None
    ok = isinstance(run, cst.Call) and isinstance(run.func, cst.Attribute) and run.func.attr.value == "run" and \
        run.args and run.args[0].value is read
    if not ok:
        raise Refusal(f"the reader's `{method}()` (`{name}`) is used other than run alone (`sess.run({name})`)")
    node: cst.CSTNode | None = read
    while node is not None:
        parent = up.get(id(node))
        if isinstance(parent, (cst.While, cst.For)) and node is parent.body:
            break  # in a loop of its own before any end of data was seen: asked per turn
        if isinstance(parent, cst.IndentedBlock) and isinstance(node, cst.BaseStatement):
            before = parent.body[: parent.body.index(node)]
            if any(_ends_the_data(s, targets) for s in before):
                return
        node = parent
    raise Refusal(f"the reader's `{method}()` (`{name}`) is run where the data has not ended (legacy's count there "
                  "ran ahead of the batches by what its queues held); only a count run after a `while` loop over "
                  "the batches that ends by `OutOfRangeError` is rewritten")


def _ends_the_data(stmt: cst.CSTNode, targets: set[str]) -> bool:
    """``try: while True / not coord.should_stop(): ...run(batch)... except OutOfRangeError: ...``: after it,
    the batches have ended (the loop has no other way out, and no handler catches anything else)."""
    if not isinstance(stmt, cst.Try) or not stmt.handlers or stmt.orelse is not None:
        return False
    for handler in stmt.handlers:
        caught = handler.type
        if not (isinstance(caught, (cst.Attribute, cst.Name)) and
                (caught.attr.value if isinstance(caught, cst.Attribute) else caught.value) == "OutOfRangeError"):
            return False
    loops = [s for s in stmt.body.body if isinstance(s, cst.While)]
    if len(loops) != 1 or loops[0] is not stmt.body.body[-1] or loops[0].orelse is not None:
        return False
    loop = loops[0]
    test = loop.test
    endless = isinstance(test, cst.Name) and test.value == "True" or \
        isinstance(test, cst.UnaryOperation) and isinstance(test.operator, cst.Not) and \
        isinstance(test.expression, cst.Call) and isinstance(test.expression.func, cst.Attribute) and \
        test.expression.func.attr.value == "should_stop" and not test.expression.args
    if not endless or nodes_of(loop.body, cst.Break) or nodes_of(loop.body, cst.Return):
        return False
    runs = [c for c in nodes_of(loop.body, cst.Call)
            if isinstance(c.func, cst.Attribute) and c.func.attr.value == "run" and c.args]
    return any(names_in(c.args[0].value) & targets for c in runs)
