"""Which of the bridge's tf.data functions may be instantiated on one device without changing a value.

tf.data instantiates a function as a multi-device function when its iterator is made: grappler's function
passes and the oneDNN layout pass run over it, which cost the drop-in more CPU before a first batch than
anything else the session does for a pipeline. A function whose ``FunctionDef`` carries the
``experimental_ints_on_device`` attribute is instantiated on its own device instead, with TensorFlow's
classic graph optimizer (``tf_private.single_device`` marks the functions ``tf.plain`` hands to tf.data).
That is not the same function in two ways, and each changed what arrived (``tests/compat/
test_compat_single_device.py``, both ways against legacy):

- **Its values.** Grappler's function passes rewrite arithmetic as the session's grappler rewrote legacy's
  graph: ``log(1 + x)`` into ``log1p(x)``, ``exp(x) - 1`` into ``expm1(x)`` (and other float rewrites:
  factors hoisted, broadcasts reordered, ``x / sqrt(y)`` into ``x * rsqrt(y)``; the oneDNN pass swaps
  kernels). On one device none of that runs: a lifted ``log(1.0 + x)`` gave other floats than legacy's
  (every value of a test's 512). So a function is marked only where no rewrite can change a value: every
  op either computes nothing in floating point (integers, strings, booleans: any reordering is exact) or is
  one of ``op_types.VALUE_EXACT_OPS`` (moves, casts, parsers, random draws, Python calls), and ops of the
  functions it calls the same.
- **Its results' ops.** With the attribute, each ``int32`` result is a ``_DeviceRetval`` node, not a
  ``_Retval``. tf.data's own graph rewrites tell a function's body from the pipeline by its fetch nodes all
  being ``_Retval`` (``graph_utils::IsItemDerivedFromFunctionDef``), so ``inject_prefetch`` (on wherever
  autotune is) took such a body for a pipeline and failed the iterator: "Expected only one fetch node but
  there were 2". That was the withdrawn branch's cause: the replay after a failed read
  (``partial_replay.py``, ``shuffle_replay.py``) makes iterators with tf.data's default options, so its
  read again failed at once and the records after the last full batch were lost. So a function with an
  ``int32`` result is marked only where every iterator over it is made with ``inject_prefetch`` off (the
  rewrite that fails on it; the others that take such a body for a pipeline, ``map_parallelization`` and
  ``parallel_batch``, find no dataset op to change in a function computing values, and keep the order
  where they do): inside ``tf_private.int32_results_single_device``, which the drop-in's batch pipelines open
  (``graph_batch.build``: their options turn it off, and ``tfdata_bridge.dataset_of`` hands them on with
  those options). The read again after a failure traces its functions in a graph of its own, outside it,
  and makes its iterators with ``inject_prefetch`` off as well (``partial_replay.replay_options``). The
  rewrites that need ``slack``, ``seq_interleave_prefetch`` or an experiment's opt-in would meet such a
  body too; the drop-in sets none of them.

A function that could need another device (a captured resource, an op placed on a device, an op with no
CPU kernel) is not marked either.

The same rule decides which one-shot iterators' dataset factories the session's grappler may skip
(``factory_eligible``, ``tf_private.one_shot_iterator``): a factory's nodes are the dataset ops and the
constants they take, which no grappler pass changes; a factory that computes in floating point (a dataset over
``tf.constant(...) / 3.0``, say: constant folding and the arithmetic passes would rewrite it as they rewrote
legacy's graph) is left to grappler.
"""

from __future__ import annotations

from typing import Any

from tfdata_bridge._src import op_types, tf_private
from tfdata_bridge._src.tf import tf


def eligible(function: Any, int32_results: bool = False) -> bool:
    """Whether the traced tf.data ``function`` (a ``ConcreteFunction``) gives the same values instantiated
    on its own device (see the module docstring); ``int32_results``: whether an ``int32`` result may be a
    ``_DeviceRetval`` (every iterator over it has ``inject_prefetch`` off: ``tf_private.int32_results_single_device``)."""
    try:
        if any(t.dtype == tf.resource for t in function.captured_inputs):
            return False
        if not int32_results and any(t.dtype == tf.int32 for t in function.outputs):
            return False  # a _DeviceRetval: tf.data's rewrites would take the body for a pipeline
        graph_def = function.graph.as_graph_def()
    except Exception:  # noqa: BLE001 - not a function this check knows: as tf.data traces it
        return False
    library = {f.signature.name for f in graph_def.library.function}
    nodes = list(graph_def.node) + [n for f in graph_def.library.function for n in f.node_def]
    return all(_on_cpu(node, library) and _exact(node, library) for node in nodes)


def factory_eligible(definition: Any, lookup: Any) -> bool:
    """Whether a one-shot iterator's dataset factory (its ``FunctionDef``, ``definition``) may carry the
    ``_tf_data_function`` attribute (``tf_private.one_shot_iterator``): the session's grappler then skips it
    and every function it reaches (grappler's meta optimizer marks those too), so none of its rewrites may
    change a value. Each node must make or move a dataset (every output a ``variant``: the functions it runs are
    checked as calls), move or convert values (``_exact``: no floating-point arithmetic), or call a function
    that is a tf.data function already (skipped before as after) or that passes the same check (``lookup``: a
    function's name -> its ``FunctionDef``, or None where unknown: not eligible)."""
    seen: set[str] = set()
    pending = [definition]
    while pending:
        function = pending.pop()
        for node in function.node_def:
            called = _called(node)
            if node.op not in called and not _makes_datasets(node) and not _exact(node, set()):
                return False
            for name in called - seen:
                seen.add(name)
                found = lookup(name)
                if found is None:
                    return False
                mark = found.attr.get(tf_private.TF_DATA_FUNCTION)
                if mark is None or not mark.b:
                    pending.append(found)
    return True


def _called(node: Any) -> set[str]:
    """The functions ``node`` runs: its op (where no op of that name is registered) and its attributes'."""
    names = {node.op} if tf_private.op_def(node.op) is None else set()
    for value in node.attr.values():
        if value.HasField("func"):
            names.add(value.func.name)
        names.update(f.name for f in value.list.func)
    return names


def _makes_datasets(node: Any) -> bool:
    """Whether every output of ``node``'s op is a ``variant`` (a dataset op: it computes no value itself)."""
    op_def = tf_private.op_def(node.op)
    return bool(op_def is not None and op_def.output_arg) and all(
        arg.type == tf.variant.as_datatype_enum and not arg.type_attr and not arg.type_list_attr
        for arg in op_def.output_arg)


def _on_cpu(node: Any, library: set[str]) -> bool:
    if node.device and "CPU" not in node.device.upper():
        return False
    return node.op in library or tf_private.has_cpu_kernel(node.op)


def _exact(node: Any, library: set[str]) -> bool:
    """Whether no rewrite of grappler's or of the oneDNN pass can change what ``node`` computes: a call
    (the functions it calls are checked node by node), an op of ``VALUE_EXACT_OPS``, or an op none of
    whose inputs or outputs is a floating-point, complex or quantized value."""
    if node.op in library or node.op in op_types.VALUE_EXACT_OPS:
        return True
    op_def = tf_private.op_def(node.op)
    if op_def is None:
        return False  # not an op this TensorFlow registers: not known to be exact
    defaults = {a.name: a.default_value for a in op_def.attr if a.HasField("default_value")}

    def attr(name: str) -> Any:
        return node.attr[name] if name in node.attr else defaults.get(name)

    for arg in list(op_def.input_arg) + list(op_def.output_arg):
        named = arg.type_attr or arg.type_list_attr
        value = attr(named) if named else None
        if named and value is None:
            return False  # a type this check cannot read: not known to be exact
        types = [arg.type] if not named else [value.type] if arg.type_attr else list(value.list.type)
        if any(_inexact(t) for t in types):
            return False
    return True


def _inexact(enum: int) -> bool:
    dtype = tf.dtypes.as_dtype(enum).base_dtype
    return dtype.is_floating or dtype.is_complex or dtype.is_quantized
