"""Which binding a read after a batch means, where the batch's targets reuse a per-element name.

    values_and_labels = []
    for thread_id in range(num_preprocess_threads):
        values, label = parse_example_proto(example_serialized)     # moved into the map function
        values = preprocess(values, thread_id)                      # moved too
        values_and_labels.append([values, label])
    values, label_batch = tf.train.batch_join(values_and_labels, ...)
    return values, label_batch                                      # reads the batch's `values`

(Inception's ``batch_inputs``). libcst's scopes hold every assignment of ``values`` in the function, so the
``return`` counts as a read of the loop's ``values`` too, and the loop could not move. A read placed after a
simple statement that binds the name, in that statement's own block (or in the straight code around a ``with``
body that holds it), can only see that statement's binding or a later one: control reaches it only through the
statement. Reads anywhere else (before the batch, in an enclosing loop's next turn) still count.
"""

from __future__ import annotations

import libcst as cst

from tfdata_bridge._src.migrate.calls import target_names
from tfdata_bridge._src.migrate.queue_size import parents


def rebinds(stmt: cst.CSTNode, name: str) -> bool:
    """``stmt`` is a simple statement that always binds ``name`` (``name = ...``, ``a, name = ...``)."""
    if not (isinstance(stmt, cst.SimpleStatementLine) and len(stmt.body) == 1 and isinstance(stmt.body[0], cst.Assign)):
        return False
    return any(name in (target_names(t.target) or ()) for t in stmt.body[0].targets)


def read_after(scopes, stmt: cst.SimpleStatementLine, ref: cst.Name, bound: cst.CSTNode) -> bool:
    """``ref`` stands after ``stmt`` in the code that control can reach from ``bound`` only through ``stmt``:
    the rest of ``stmt``'s block, and past the ``with`` that holds that block, or past the ``if`` whose branch
    holds it where ``bound`` is in that branch too (a split choice: each branch binds and batches its own).
    Loops stop the widening (their next turn, or no turn at all, bypasses ``stmt``)."""
    root = getattr(scopes.scope(stmt), "node", None)
    at = scopes.positions.get(ref)
    if root is None or at is None:
        return False
    up = parents(root)
    pos = scopes.positions.get

    def within(node: cst.CSTNode, outer: cst.CSTNode) -> bool:
        a, b = pos(node), pos(outer)
        return a is not None and b is not None and _key(b.start) <= _key(a.start) and _key(a.end) <= _key(b.end)

    last: cst.CSTNode = stmt  # the statement the region starts after
    block = up.get(id(stmt))
    while isinstance(block, (cst.IndentedBlock, cst.Module)):
        here, there = pos(last), pos(block)
        if here is not None and there is not None and _key(here.end) < _key(at.start) and \
                _key(at.end) <= _key(there.end):
            return True
        owner = up.get(id(block))
        if isinstance(owner, (cst.If, cst.Else)) and within(bound, block):
            while isinstance(up.get(id(owner)), (cst.If, cst.Else)):  # ``elif`` chains: the outermost ``if``
                owner = up.get(id(owner))
        elif not isinstance(owner, cst.With):
            return False
        last, block = owner, up.get(id(owner))
    return False


def _key(p) -> tuple[int, int]:
    return p.line, p.column


def other_branch(scopes, bound: cst.CSTNode, ref: cst.Name) -> bool:
    """``ref`` stands in another branch of an ``if`` than ``bound``, and no loop around that ``if`` (in their
    function) can carry control from one branch to the other: ``ref`` never reads what ``bound`` binds."""
    root = getattr(scopes.scope(bound), "node", None)
    if root is None:
        return False
    up = parents(root)

    def chain(node: cst.CSTNode) -> list[cst.CSTNode]:
        out = [node]
        while id(out[-1]) in up:
            out.append(up[id(out[-1])])
        return out

    mine, theirs = chain(bound), chain(ref)
    seen = {id(n) for n in theirs}
    common = next((n for n in mine if id(n) in seen), None)
    if not isinstance(common, cst.If):
        return False
    a = next(n for n in reversed(mine[:mine.index(common)]))  # the child of the ``if`` on each side
    b = next(n for n in reversed(theirs[:[id(t) for t in theirs].index(id(common))]))
    if a is b or common.test in (a, b) or not {type(a), type(b)} <= {cst.IndentedBlock, cst.Else, cst.If}:
        return False
    return not any(isinstance(n, (cst.For, cst.While)) for n in mine[mine.index(common):])
