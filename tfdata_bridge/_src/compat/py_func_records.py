"""A Python op's calls after a read, made through the keep (``kept_calls.py``): the lifted graph rewritten so
that each recorded node takes the record's number and calls the user's function through the keep, and, for
a read again after a failure, takes the kept values instead of calling the function a second time.

Legacy called a ``py_func`` after a read once per record, on its runner thread, and at a failing read
(a missing file, a corrupt record) every record before it was in the queue: with
``allow_smaller_final_batch`` the consumer got the short batch of those after the last full batch.
The drop-in delivers that batch by reading the records again after the failure (``partial_replay.py``),
which would call the function again for every record read: its side effects twice (a counter, a log, a
random generator of its own). So where such a function is lifted, each of its ``PyFunc`` (``EagerPyFunc``) nodes gets the record's
number (the place of the read's record in the pipeline's order: the source is enumerated) as a first input
and calls the user's function through ``kept_calls.KeptCalls.recording``, which keeps what it returned (or
raised) with that number until a batch takes the record (the number rides to the batch:
``kept_calls.telling``). The read again runs the same ops with each node calling
``KeptCalls.replaying`` instead: the kept values for the numbers kept, and a number not kept ends the
read again as unknown (``missing``), so the error stands as before and no value is made up. The pipeline
reads on after a failure until its read-ahead (``capacity``) is full, and calls the function for those
records too (legacy's runner stopped at the failure; a function that raised is not called again); their
batches drop only the calls of batches ``kept_calls.lag`` batches older, never the records no batch took.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from tfdata_bridge._src import op_types, tf_private
from tfdata_bridge._src.compat.kept_calls import KeptCalls
from tfdata_bridge._src.tf import tf

tf1 = tf.compat.v1
NUMBER = "tfdb_record_number:0"  # the frontier name the number is mapped to (lifted_graph.Lift.function)
RECORDED_OPS = op_types.PY_FUNC_OPS - {"PyFuncStateless"}  # (a stateless one is simply called again)


def recorded_nodes(graph_def: Any, ops: frozenset[str] = RECORDED_OPS) -> list[Any]:
    """The nodes of ``graph_def`` whose calls are kept: ``py_func``s that may have side effects (``ops``:
    those op types; a shuffle keeps every Python op's calls, ``shuffle_py_funcs.py``)."""
    return [node for node in graph_def.node if node.op in ops]


def recording(lift: Any, records: KeptCalls, ops: frozenset[str] = RECORDED_OPS) -> Any:
    """``lift`` (``lifted_graph.Lift``) taking the record number first (``Lift.number``), each recorded
    node (of the types ``ops``) calling the user's function through ``records.recording``, with the number
    as its first input."""
    graph_def = tf1.GraphDef()
    graph_def.CopyFrom(lift.graph_def)
    wrapped = []
    for node in recorded_nodes(graph_def, ops):
        func = tf_private.py_func_for_token(node.attr["token"].s.decode())
        if func is None:
            raise ValueError(f"the function of py_func {node.name!r} is no longer registered")
        inputs = list(node.input)
        del node.input[:]
        node.input.extend([NUMBER] + inputs)  # (data inputs before control inputs: first)
        types = list(node.attr["Tin"].list.type)
        del node.attr["Tin"].list.type[:]
        node.attr["Tin"].list.type.extend([tf.int64.as_datatype_enum] + types)
        call = tf_private.rewrap_py_func(func, lambda user, name=node.name: records.recording(name, user))
        wrapped.append(call)
        node.attr["token"].s = tf_private.register_py_func(call).encode()
    return dataclasses.replace(lift, graph_def=graph_def, py_funcs=tuple(lift.py_funcs) + tuple(wrapped),
                               mapped_inputs=lift.mapped_inputs | {NUMBER}, number=NUMBER)


def replaying(lift: Any, records: KeptCalls, values: dict[str, dict[int, Any]],
              ops: frozenset[str] = RECORDED_OPS) -> Any:
    """The recording ``lift`` (``recording``) with each node's values taken from ``values`` (``snapshot``)."""
    graph_def = tf1.GraphDef()
    graph_def.CopyFrom(lift.graph_def)
    calls = []
    for node in recorded_nodes(graph_def, ops):
        recorded = tf_private.py_func_for_token(node.attr["token"].s.decode())
        replayed = records.replaying(values.get(node.name, {}))
        calls.append(tf_private.rewrap_py_func(recorded, lambda _, replayed=replayed: replayed))
        node.attr["token"].s = tf_private.register_py_func(calls[-1]).encode()
    return dataclasses.replace(lift, graph_def=graph_def, py_funcs=tuple(lift.py_funcs) + tuple(calls))


def needed(lift: Any) -> bool:
    """Whether ``lift`` holds a ``py_func`` whose calls must be kept for a read again."""
    return bool(recorded_nodes(lift.graph_def))


def possible(lift: Any) -> bool:
    """Whether each such ``py_func``'s function is still registered, so its calls can be kept."""
    return all(tf_private.py_func_for_token(node.attr["token"].s.decode()) is not None
               for node in recorded_nodes(lift.graph_def))
