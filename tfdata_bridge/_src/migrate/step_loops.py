"""A per-time-step loop between the read and the batch, taken into the map function with the rest of the
per-element code (video prediction's ``build_tfrecord_input``, held-out round 22)::

    _, serialized = reader.read(filename_queue)
    image_seq = []
    for i in range(FLAGS.sequence_length):                 # Python, run when the graph is built
        parsed = tf.parse_single_example(serialized, {'move/%d/image' % i: ...})
        image_seq.append(decode(parsed['move/%d/image' % i]))
    image_seq = tf.concat(axis=0, values=image_seq)
    images = tf.train.batch([image_seq], batch_size)

The loop runs in Python while the graph is built, once: in a map function it runs once too, when the function is
traced, and makes the same ops per element. It moves where it is a plain ``for`` (no ``else``, no ``break``,
``continue``, ``return``, ``yield`` or ``await``, no nested function) that grows a list the batch reads by
``append`` / ``extend`` and binds no name the later code reads; its iterable and everything it reads from before
it are then needed as any per-element code's. Anything else is left to ``rebound_inside``'s refusal (or, where no
source is found, ``separated_source.py``'s reason naming the loop).
"""

from __future__ import annotations

import libcst as cst

from tfdata_bridge._src.migrate.calls import names_in, nodes_of

_GROW = frozenset({"append", "extend"})
_QUEUE_METHODS = frozenset({"read", "read_up_to", "dequeue", "dequeue_many", "dequeue_up_to", "enqueue",
                            "enqueue_many", "get_next"})
_STOPS = (cst.Break, cst.Continue, cst.Return, cst.Yield, cst.Await, cst.FunctionDef, cst.ClassDef, cst.Lambda,
          cst.Global, cst.Nonlocal, cst.Del, cst.With, cst.Try)


def _bound(loop: cst.For) -> set[str]:
    out: set[str] = set(names_in(loop.target))
    for a in nodes_of(loop, cst.AssignTarget):
        out |= names_in(a.target)
    for a in (*nodes_of(loop, cst.AugAssign), *nodes_of(loop, cst.AnnAssign)):
        out |= names_in(a.target)
    return out


def loop_needs(finder, stmt: cst.BaseStatement, needed: set[str]) -> set[str] | None:
    """The names ``stmt`` reads from before it, where it is such a loop growing a list of ``needed``; None when it
    is not one (the walk back goes on, or refuses, as before). A loop that reads, dequeues or calls any queue
    pipeline API (copies of a reader: a join's) is no per-element code."""
    from tfdata_bridge._src.symbols import BY_PATH

    if not isinstance(stmt, cst.For) or stmt.orelse is not None or stmt.asynchronous is not None:
        return None
    if any(nodes_of(stmt, kind) for kind in _STOPS):
        return None
    for call in nodes_of(stmt, cst.Call):
        if isinstance(call.func, cst.Attribute) and call.func.attr.value in _QUEUE_METHODS:
            return None
        path = finder.api(call)
        short = path.split("compat.v1.")[-1].removeprefix("tensorflow.").removeprefix("tf.") if path else None
        sym = BY_PATH.get(short) if short else None
        if sym is not None and sym.to_tfdata == "pipeline" or path and "py_func" in path:
            return None
    grown = {c.func.value.value for c in nodes_of(stmt, cst.Call) if isinstance(c.func, cst.Attribute)
             and c.func.attr.value in _GROW and isinstance(c.func.value, cst.Name)}
    if not grown & needed:
        return None
    bound = _bound(stmt)
    if bound & needed:  # (a name the later code reads gets its value in the loop: ``rebound_inside`` says so)
        return None
    if not _bound_before_read(stmt, bound - set(names_in(stmt.target))):
        return None
    return set(names_in(stmt)) - bound


def _bound_before_read(loop: cst.For, bound: set[str]) -> bool:
    """Whether each name the loop's body binds is bound, statement by statement, before the body reads it (in a
    map function it is a local name: ``acc = acc + x`` would read it unbound)."""
    seen: set[str] = set()
    for line in nodes_of(loop.body, cst.SimpleStatementLine):
        for small in line.body:
            if isinstance(small, cst.Assign):
                if names_in(small.value) & (bound - seen):
                    return False
                for t in small.targets:
                    seen |= set(names_in(t.target))
            elif isinstance(small, (cst.AugAssign, cst.AnnAssign)):
                return False
            elif names_in(small) & (bound - seen):
                return False
    for test in (*nodes_of(loop.body, cst.If), *nodes_of(loop.body, cst.While)):
        if names_in(test.test) & bound:  # (a test reading a name the body binds: order not checked here)
            return False
    return True


__all__ = ["loop_needs"]
