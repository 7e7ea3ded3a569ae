"""A dequeue of a file queue that is built and never run: it goes with the pipeline that takes the queue.

    fileListQueue = tf.train.string_input_producer(fileList, num_epochs=1, shuffle=False)
    dequeue_op = fileListQueue.dequeue()          # never named again: the op never runs
    rootreader_ops = [makeReader(fileListQueue) for _ in range(k)]
    trainingBatch = tf.train.batch_join(rootreader_ops, ..., enqueue_many=True)

A graph op does nothing until a run asks for it; a ``dequeue`` bound to a name that nothing reads is never run,
so it takes no file name from the readers (legacy's readers saw every name, as the rewrite's dataset does). Such
a read of the queue is then not a second consumer: the join's counts leave it out and the statement goes with the
pipeline (it would name the queue the rewrite removes). Only where that is plain: ``x = q.dequeue()`` (or
``dequeue_many(n)`` / ``dequeue_up_to(n)``) alone on its line, ``x`` a plain name spelled nowhere else in the
function (nor declared ``global`` / ``nonlocal``), the call given no ``name=`` (a graph lookup by name could run
it) and no argument that calls anything, in a function that reads no ``locals()``, ``vars()``, ``globals()``,
``eval`` or ``exec``.
"""

from __future__ import annotations

import libcst as cst

from tfdata_bridge._src.migrate.calls import nodes_of

_DEQUEUES = frozenset({"dequeue", "dequeue_many", "dequeue_up_to"})
_DYNAMIC = frozenset({"locals", "vars", "eval", "exec", "globals"})


def queue_readers(finder, queue_stmt: cst.CSTNode, queue_name: str
                  ) -> tuple[list[cst.Name], list[cst.SimpleStatementLine]]:
    """(the reads of ``queue_name`` as bound at ``queue_stmt`` less those in never-run dequeues, those dequeue
    statements)."""
    readers = finder.scopes.readers_of(queue_stmt, queue_name)
    scope = finder.scopes.scope(queue_stmt)
    fn = getattr(scope, "node", None)
    if not isinstance(fn, cst.FunctionDef) or any(n.value in _DYNAMIC for n in nodes_of(fn, cst.Name)):
        return readers, []
    ids = {id(r) for r in readers}
    declared = {n.name.value for g in [*nodes_of(fn, cst.Global), *nodes_of(fn, cst.Nonlocal)]
                for n in g.names if isinstance(n.name, cst.Name)}
    dead: list[cst.SimpleStatementLine] = []
    gone: set[int] = set()
    for stmt in nodes_of(fn, cst.SimpleStatementLine):
        if len(stmt.body) != 1:
            continue
        small = stmt.body[0]
        if not (isinstance(small, cst.Assign) and len(small.targets) == 1 and
                isinstance(small.targets[0].target, cst.Name) and isinstance(small.value, cst.Call)):
            continue
        call, target = small.value, small.targets[0].target.value
        func = call.func
        if not (isinstance(func, cst.Attribute) and func.attr.value in _DEQUEUES and
                isinstance(func.value, cst.Name) and id(func.value) in ids):
            continue
        if any(a.star or a.keyword is not None or nodes_of(a.value, cst.Call) for a in call.args) or \
                len(call.args) > (0 if func.attr.value == "dequeue" else 1) or target in declared or \
                sum(n.value == target for n in nodes_of(fn, cst.Name)) != 1:
            continue
        dead.append(stmt)
        gone.add(id(func.value))
    return [r for r in readers if id(r) not in gone], dead


__all__ = ["queue_readers"]
