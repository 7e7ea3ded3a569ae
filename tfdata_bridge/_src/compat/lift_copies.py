"""Tensor lists that are copies of one producer: ``k`` lists of a ``batch_join`` (or ``k`` enqueue ops of
a hand-built ``QueueRunner``) built by the same code in a loop, one pipeline with ``k`` parallel calls.

Legacy input code runs its preprocessing ``k`` times side by side by building it ``k`` times: ``for _ in
range(num_preprocess_threads): lists.append(preprocess(serialized))`` over one ``dequeue()``, or one
reader per thread over one filename queue. Each list is one runner thread of legacy's. Lifted list by
list, that is ``k`` sources, ``k`` traced map functions and ``k`` iterators to create before the first
batch, and no batch-at-a-time (vectorized) form, which needs a single producer.

``copies(lifts)`` says when the lists are all copies of the first: their lifted subgraphs are the same
ops with the same attributes wired the same way (node names aside), they give the same values for the
same inputs (no random op, no ``py_func``: a seeded random op in each copy gives each list its own
values, which one op would not; an ``Assert`` only checks), and they read the same sources, or readers of one
reader kind and arguments over one input producer (which together read each of its records once, as one
of them reading it all does). Then one list with ``k`` parallel calls over one read of the source gives
what the ``k`` lists give, each element once, in one of the orders ``k`` legacy threads could give.
"""

from __future__ import annotations

from typing import Any

from tfdata_bridge._src.compat import lifting
from tfdata_bridge._src import op_types, tf_private


def _source_key(source: Any) -> Any:
    """What makes two frontier sources interchangeable: readers of one kind and arguments over one stream
    (each takes the next file name from it), reads of one queue by one method, else the source itself."""
    from tfdata_bridge._src.compat.lifted_graph import QueueRead
    from tfdata_bridge._src.compat.readers import FileRead

    if isinstance(source, FileRead) and source.stream is not None:
        return ("read", id(source.stream), source.reader._tfdb_config, source._method, source._n)  # noqa: SLF001
    if isinstance(source, QueueRead):  # (one per lift, over one queue kernel)
        return ("queue", id(source.queue), source.method, source.n)
    return ("source", id(source))


def _signature(lift: lifting.Lift) -> tuple[Any, ...]:
    """``lift`` with its node names replaced by their positions: equal for copies built by one loop."""
    positions = {node.name: i for i, node in enumerate(lift.graph_def.node)}
    frontier = {name: (k, index) for k, up in enumerate(lift.upstreams) for name, index in up.tensors}

    def ref(name: str) -> tuple[Any, ...]:
        control = name.startswith("^")
        op, _, port = name.lstrip("^").partition(":")
        if op in positions:
            return ("node", positions[op], port or "0", control)
        full = f"{op}:{port or '0'}"
        return ("frontier", frontier[full], control) if full in frontier else ("other", name)

    nodes = tuple((node.op, tuple(ref(i) for i in node.input),
                   tuple(sorted((k, v.SerializeToString(deterministic=True)) for k, v in node.attr.items())))
                  for node in lift.graph_def.node)
    upstreams = tuple((_source_key(up.source), tuple(sorted(set(i for _, i in up.tensors))))
                      for up in lift.upstreams)
    functions = tuple(f.SerializeToString(deterministic=True) for f in lift.graph_def.library.function)
    return upstreams, nodes, tuple(ref(t.name) for t in lift.outputs), functions


# Stateful ops whose every run depends only on its inputs: one copy does what several did.
CHECKS = op_types.CHECK_OPS


def _deterministic(lift: lifting.Lift) -> bool:
    """Whether ``lift``'s ops give the same values for the same inputs (no random op, no ``py_func``; an
    ``Assert``, such as ``parse_single_example``'s rank check, only checks them)."""
    return not lift.graph_def.library.function and not lift.python_producers and not any(
        node.op in op_types.PY_FUNC_OPS or (node.op not in CHECKS and tf_private.op_is_stateful(node.op))
        for node in lift.graph_def.node)


def copies(lifts: list[lifting.Lift]) -> bool:
    """Whether every one of ``lifts`` (two or more) is a copy of the first (see the module docstring)."""
    if len(lifts) < 2 or not all(lift.upstreams and _deterministic(lift) for lift in lifts):
        return False
    first = _signature(lifts[0])
    return all(_signature(lift) == first for lift in lifts[1:])
