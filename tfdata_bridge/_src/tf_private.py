"""The few TensorFlow internals the bridge needs, wrapped in one place.

Checked against TensorFlow 2.16 through 2.21 (``.ci/tf-matrix`` runs the suite on each; each touch point
has a tripwire test in ``tests/test_layers.py``). A TensorFlow without one of the internal modules does
not fail at import: the module logs which are missing (``MISSING``) and the bridge runs degraded (the
session and iterator classes found by their public traces, no op is taken as stateless, a ``py_func`` is
not moved into tf.data: a clear error). Each has no public equivalent:
- ``SessionInterface``: ``start_queue_runners`` tells a ``tf.Session`` from a ``MonitoredSession`` exactly
  as TensorFlow's own does (``isinstance(sess, SessionInterface)``).
- ``session_closed``: whether ``close()`` was called on a ``tf.Session`` (runner threads end then).
- the op registry (``op_is_stateful``): whether an op type named in a ``NodeDef`` is stateful.
- ``vectorizable_op_types``: the op types ``tf.vectorized_map`` has a batched form of (pfor's converter
  registry). ``graph_batch`` checks a lift's ops against it before trying to vectorize them: a failed try
  (an image decoder, ``ReadFile``, ``DecodeRaw``) cost a whole trace before the first batch. Without it
  (None), every try is made, as before.
- ``dataset_graph_def``: the ops of a ``tf.data.Dataset``, for ``is_native``.
- the ``py_func`` registry: a lifted ``PyFunc`` op names its Python function by a registry token; the
  registry holds functions weakly, so the bridge keeps its own strong reference for as long as the
  dataset that runs the op lives. A ``py_function``'s entry is an ``EagerFunc`` holding the function
  (``_func``): ``rewrap_py_func`` copies it around a wrapper (``compat/py_func_records.py``).
- ``py_funcs_held_by``: the list (``Graph._py_funcs_used_in_graph``) where ``py_func`` keeps the functions
  it registers alive. ``runtime/generator_source.py`` takes a ``from_generator``'s functions out of the
  eager default graph's list so they go with the dataset; without the list it cannot, and the
  functions (and the producers they hold) leak for the life of the process, as in TensorFlow itself.
- ``OwnedIterator``: the class ``tf.data.Dataset.__iter__`` returns (``tf.data.Iterator`` is abstract).
  ``BridgeIterator`` subclasses it to re-raise a producer's own exception and stay a real tf.data
  iterator (Keras, ``tf.function`` and checkpoints accept it); without it, no eager iterator of ours.
- ``update_input``: ``Operation._update_input``, the edge update TensorFlow's own graph editing uses. A
  producer that stays in legacy TensorFlow (the fallback) reads its files with TensorFlow's reader op,
  which is cheaper per element than a tf.data iterator's ``get_next``; the ops that read the drop-in's
  reader are moved onto it. Without it the fallback keeps the iterator (correct, about 15% slower). A
  ``read()`` that a batch takes over is built as an ``IdentityN`` over a stand-in, moved onto its real
  records when the graph first runs and it is still read (``pending_reads.py``); without it (or
  ``can_update_input``), each read is built at once, as before.
- ``set_attr``: ``Operation._set_attr``. One input producer read by several consumers becomes one shared
  stream when the graph first runs (``shared_streams.py``); consumers built before then get the shared
  dataset by their one-shot iterator op's ``dataset_factory`` being replaced, so the tensors the program
  holds stay valid; and the reader kernel they share is given a ``shared_name`` (TensorFlow's reader
  classes take none) so that tf.data functions can reach it; a read that a batch took over gets an invalid
  ``container`` naming why it must not run as well. No public API edits an op; without it a source with
  several consumers could not be shared.
- ``unfinalized``: ``Graph._unsafe_unfinalize``. A read or dequeue's dataset is built when its graph first
  runs (``shared_streams.py``: most are never run, and building each cost a trace before the first
  batch); a program may have finalized the graph before that run (``graph.finalize()``), and the few ops
  of that dataset are then added all the same, and the graph finalized again. Without it, such a
  program's reads would fail.
- ``silenced_deprecations``: ``deprecation.silence()``, so the ``QueueRunner`` the bridge makes for that
  case does not log TensorFlow's deprecation notice on top of the bridge's own warning, and so that
  ``iterator_saveable`` (``scaling/checkpoint.py``) does not log "In TF2, use tf.train.Checkpoint" for the
  ``Saver`` path a TF1 program takes on purpose.
- ``session_call``: ``BaseSession._do_call``, which gives a run's error the operation, node and message
  (the ops' creation stack traces) that ``Session.run`` gives it. The drop-in session runs a repeated
  fetch through ``make_callable`` (``session.py``); without it the callable's errors would read
  differently from ``run``'s, so the callables are not used.
- ``dequeue_return_value``: ``QueueBase._dequeue_return_value``, which gives a dequeue's tensors the
  queue's names and the single-component unwrapping of TensorFlow's own ``dequeue``. The drop-in's graph
  queue subclasses TensorFlow's ``QueueBase`` and returns what its tf.data read produced through the same
  method, so a program sees exactly what legacy's dequeue returned (a dict, a list, a lone tensor).
- ``is_ref_dtype``: ``DType._is_ref_dtype``. A graph op that takes or gives a reference (a TF1
  ``Variable`` without resource semantics) reads state the session holds and cannot move into tf.data;
  the public ``DType`` has no such test (``base_dtype != dtype`` is its only public trace, and says the same
  for no other reason, so the private name is read, with that as the fallback).
- ``unbatch``: ``unbatch_op._UnbatchDataset`` (and ``DatasetV1Adapter`` for a ``tf.compat.v1`` dataset).
  ``Dataset.unbatch()`` always maps its input through a function that turns sparse and ragged components
  into dense ones first (``normalize_to_dense``), an identity map for dense components, traced all the same
  and optimized again when the iterator is made: one function more before the first batch for every
  input producer's rows, enqueue_many and read of chunks. Where every component is dense, the unbatch op is
  made without it (the same op TensorFlow makes after the map). Without it, ``Dataset.unbatch()``.
- ``one_file_records``: ``readers._TextLineDataset`` / ``readers._TFRecordDataset``, the dataset of one file
  that ``tf.data.TextLineDataset`` and ``tf.data.TFRecordDataset`` make for each name. Given one name,
  those public classes still wrap it in a ``flat_map`` over a dataset of that one name (a function to
  trace, and to optimize when the iterator is made); the drop-in's readers already read each file in a
  function of their own (to skip its header lines, to key its records), where the one-file dataset is
  what they need. Without it, the public classes.
- ``single_device``: ``StructuredFunctionWrapper``, the class every tf.data transformation traces its
  function with, is given the ``experimental_ints_on_device`` function attribute (one of the attributes
  ``tf.function`` itself accepts) for the functions the bridge hands to tf.data (``tf.plain``). A tf.data
  function is otherwise instantiated as a multi-device function when its iterator is made: the session's
  grappler passes run over it, and the graph partitioning runs the oneDNN layout pass, whose op-registry
  look-ups alone were 9% of the drop-in's CPU on round 8's programs and its grappler passes 5.5% (``perf``,
  ``benchmarks/startup_cpu.py``). With that attribute tf.data instantiates it on its own device (the CPU),
  as it did before multi-device functions, with TensorFlow's classic graph optimizer. The function is
  traced with the attribute and added to the graph only where that keeps every value
  (``single_device.eligible``: no ``int32`` result outside ``int32_results_single_device``, no float
  arithmetic grappler would rewrite, no resource, device or op without a CPU kernel); any other is traced
  again as tf.data traces it, and so is every
  function traced in eager mode. No public API sets an attribute on a tf.data function; without the
  class, every function stays multi-device, as before.
- ``one_shot_iterator``: ``tf.compat.v1.data.make_one_shot_iterator``, its dataset factory function (a
  ``Defun`` holding a copy of the whole dataset graph) then given the ``_tf_data_function`` attribute, by
  swapping the function in the graph's library for a copy that carries it and pointing the iterator op at the
  copy (``Graph._functions``, ``_get_function``, ``_remove_function``, ``_add_function``,
  ``function._from_definition``, ``Iterator._iterator_resource``); the factory leaves the library where the
  iterator's making added it. The session's grappler optimizes every function of the graph's library that
  does not carry that attribute (``meta_optimizer.cc``: ``data::IsTFDataFunction``), once per session: for the
  drop-in's iterators, the factories, whose nodes are the dataset ops and their constant inputs, which tf.data
  optimizes itself (its own graph rewrite when the iterator is made). Legacy's graph holds no such function;
  the drop-in's session paid that pass for each of its iterators before a first batch (on held-out round 12's
  programs, a third of the session's grappler time: 3-4% of the drop-in's CPU, ``benchmarks/README.md``). The attribute is given only where the pass could change no value
  (``single_device.factory_eligible``: every node of the factory, and of the functions it calls that are not
  tf.data functions already, moves or makes datasets and computes nothing in floating point); the map
  functions tf.data traced carry it already. No public API sets a function attribute on a ``Defun``; without
  these internals (or where a swap fails), the factory stays as TensorFlow made it.
  The factory is written, where it can be, from the dataset's ``NodeDef``s (``_factory_definition``: the nodes
  the ``Defun`` would copy, each once per use, with the caller's device scope and no control inputs) and added
  to the library marked (or not) from the start, and the ``OneShotIterator`` op made with ``tf.raw_ops`` and
  wrapped in ``tf.compat.v1.data.Iterator`` (``Operation.op_def``, ``_is_stateful``, ``node_def``,
  ``Graph._device_functions_outer_to_inner``, ``device.MergeDevice``, ``Dataset._variant_tensor``,
  ``_flat_structure``, ``debug_mode.DEBUG_MODE``): the ``Defun`` created every dataset op of the pipeline again in
  Python (4-16 ms a pipeline on held-out round 21's programs, 2-5 ms written). Where the ``Defun`` would refuse a
  node (a placeholder, a stateful op that makes no dataset), a device function is the scope (it may place each
  op its own way), or tf.data's debug mode is on, the ``Defun`` makes it, as above; the tripwire test compares
  the written function with the ``Defun``'s, node for node.
- ``optimize_graph``: grappler's meta optimizer run over a ``GraphDef`` from Python
  (``tensorflow.python.grappler.tf_optimizer.OptimizeGraph`` and its ``cluster.Cluster``), the passes chosen by
  a ``RewriterConfig``. Legacy ran a pipeline's per-element ops in the session's graph, which grappler's
  constant folding and arithmetic optimizer rewrite (a divisor folded from constants, then ``x * Reciprocal(c)``;
  ``x + c1 - c2`` into ``x + (c1 - c2)``), changing the last bit of floats; ``compat/legacy_numerics.py`` runs
  the same passes over a lifted ``GraphDef`` so the drop-in's values are legacy's. No public API runs grappler
  over a graph. Without it, only ``reduce_divisions``' one rewrite is made, as before.
- ``is_pybind11_interrupt``: the ``RuntimeError`` text pybind11 raises when a pending ``KeyboardInterrupt``
  fires while TensorFlow converts a status to an exception. Without it a Ctrl-C during a wait in
  ``from_generator`` arrives as that ``RuntimeError`` rather than as ``KeyboardInterrupt``.
- ``dismantle_graph``: ``ops.dismantle_graph``, with which TensorFlow frees its own temporary graphs (a
  function's, a SavedModel export's). A ``tf.Graph`` is a reference cycle (its operations and tensors refer to
  it), freed only by a collection of the generation it is in; the drop-in's scratch graph of shape inference
  (``graph_batch._imported_shapes``, one per batch call) waited for one, and each counted as a dead graph.
  Without it the scratch graph is left to Python's collector, as before.
"""

from __future__ import annotations

import copy
import hashlib
import importlib
import logging
import threading
from typing import Any

from tfdata_bridge._src.tf import plain, tf

_log = logging.getLogger(__name__)
MISSING: list[str] = []  # the touch points this TensorFlow lacks: the bridge runs degraded without them


def _internal(module: str, why: str) -> Any:
    """``tensorflow.python.<module>``, or None (recorded in ``MISSING``) where this TensorFlow has none."""
    try:
        return importlib.import_module(f"tensorflow.python.{module}")
    except ImportError:
        MISSING.append(f"tensorflow.python.{module} ({why})")
        return None


_session = _internal("client.session", "no public base class of tf.Session")
_iterator_ops = _internal("data.ops.iterator_ops", "no public concrete iterator class")
_op_def_registry = _internal("framework.op_def_registry", "no public op registry")
_script_ops = _internal("ops.script_ops", "no public view of the py_func registry")
_deprecation = _internal("util.deprecation", "no public switch for deprecation notices")
_unbatch_op = _internal("data.ops.unbatch_op", "no public unbatch without its identity map for dense elements")
_readers = _internal("data.ops.readers", "no public dataset of one file without a flat_map around it")
_dataset_ops = _internal("data.ops.dataset_ops", "no public wrapper of a v2 dataset as a tf.compat.v1 one")
_structured_function = _internal("data.ops.structured_function", "no public attribute for a tf.data function")
_kernels = _internal("framework.kernels", "no public list of an op's kernels")
_function = _internal("framework.function", "no public FunctionDef import into a graph's library")
_tf_optimizer = _internal("grappler.tf_optimizer", "no public way to run grappler over a GraphDef")
_grappler_cluster = _internal("grappler.cluster", "no public grappler cluster")
_ops = _internal("framework.ops", "no public way to free a temporary graph without a garbage collection")
_device = _internal("framework.device", "no public merge of a device scope into a node")
_debug_mode = _internal("data.ops.debug_mode", "no public view of tf.data's debug mode")


def _class_in_mro(cls: type, name: str) -> type:
    return next((c for c in cls.__mro__ if c.__name__ == name), cls)


# Without the modules: the class of that name among tf.Session's bases, and the class of an eager iterator.
SessionInterface = getattr(_session, "SessionInterface", None) or _class_in_mro(tf.compat.v1.Session, "SessionInterface")
OwnedIterator = getattr(_iterator_ops, "OwnedIterator", None) or type(iter(tf.data.Dataset.range(0)))
if MISSING:
    _log.warning("tfdata_bridge: this TensorFlow (%s) lacks internals the bridge uses; it runs degraded without "
                 "them: %s", tf.__version__, "; ".join(MISSING))

# What pybind11 puts in the RuntimeError that replaces an error when a KeyboardInterrupt is pending
# ("... REPLACED BY KeyboardInterrupt: ..."); its " REPLACED BY " is in the pybind11 modules of the
# TensorFlow 2.16, 2.18 and 2.21 wheels alike.
_PYBIND11_INTERRUPT = "REPLACED BY KeyboardInterrupt"


def dequeue_return_value(queue: Any, tensors: Any) -> Any:
    """What TensorFlow's ``dequeue`` returns for ``tensors`` read from ``queue`` (names, one-component
    unwrapping), by ``QueueBase._dequeue_return_value``."""
    return queue._dequeue_return_value(tensors)  # noqa: SLF001 - see the module docstring


def split(dataset: Any, outer: int = 1) -> Any:
    """The elements of a dataset of stacks of them (``unbatch``), where an element may hold no value: a dense
    component's dimension after the first unknown (a stack of elements whose shapes vary, of one shape each)
    or 0. There the split is ``flat_map(from_tensor_slices)``, the same elements: TensorFlow's unbatch kernel
    crashes the process (a segmentation fault in ``iterator_get_next``, TensorFlow 2.21) on an input of shape
    ``(k, 0, ...)`` with k > 0 (an empty stack, ``(0, ...)``, is fine). Elsewhere ``unbatch``. ``outer``: the
    dimensions before an element's own (2: stacks of whole batches, whose batch dimension is never 0)."""
    spec = dataset.element_spec
    if all(_sized(s, outer) for s in tf.nest.flatten(spec) if type(s) is tf.TensorSpec):
        return unbatch(dataset)

    def slices(*args: Any) -> Any:  # (tf.data passes a plain tuple's components as arguments)
        element = args if type(spec) is tuple else args[0]
        return tf.data.Dataset.from_tensor_slices(tf.nest.pack_sequence_as(spec, tf.nest.flatten(element)))

    return dataset.flat_map(plain(slices))


def unbatch(dataset: Any) -> Any:
    """``dataset.unbatch()``, without the identity map TensorFlow adds before it where every component of
    ``dataset`` is a dense tensor (see the module docstring); a ``tf.compat.v1`` dataset stays one. (An
    element that may hold no value: ``split``.)"""
    unbatched = getattr(_unbatch_op, "_UnbatchDataset", None)
    adapter = getattr(_dataset_ops, "DatasetV1Adapter", None)
    v1 = isinstance(dataset, tf.compat.v1.data.Dataset)
    if unbatched is None or (v1 and adapter is None) or not all(
            type(spec) is tf.TensorSpec for spec in tf.nest.flatten(dataset.element_spec)):
        return dataset.unbatch()
    out = unbatched(dataset)
    return adapter(out) if v1 else out


def _sized(spec: Any, outer: int = 1) -> bool:
    """Whether every element of a stack of ``spec`` holds a value: its dimensions after the ``outer`` first
    known, none 0."""
    dims = spec.shape.as_list() if spec.shape.rank is not None else None
    return dims is not None and all(d is not None and d > 0 for d in dims[outer:])


def one_file_records(kind: str, filename: Any, compression: str = "") -> Any:
    """The lines (``kind="TextLine"``) or TFRecord records (``"TFRecord"``) of the file ``filename`` (a
    scalar string tensor), as ``tf.data.TextLineDataset(filename)`` / ``TFRecordDataset`` read them, without
    their ``flat_map`` over a dataset of that one name (see the module docstring)."""
    one = getattr(_readers, f"_{kind}Dataset", None)
    if one is None:
        public = tf.data.TextLineDataset if kind == "TextLine" else tf.data.TFRecordDataset
        return public(filename, compression_type=compression)
    return one(filename, compression_type=compression)


def is_ref_dtype(dtype: Any) -> bool:
    """Whether ``dtype`` is a TF1 reference type (``float32_ref``)."""
    flag = getattr(dtype, "_is_ref_dtype", None)  # noqa: SLF001 - see the module docstring
    return bool(flag) if flag is not None else dtype.base_dtype != dtype


def session_closed(sess: Any) -> bool:
    """Whether ``sess.close()`` has been called (``BaseSession._closed``; False for anything else)."""
    return getattr(sess, "_closed", False) is True


def session_call(sess: Any, fn: Any) -> Any:
    """``fn()`` (a ``sess.make_callable`` callable), its ``OpError`` raised as ``sess.run`` raises it."""
    return sess._do_call(fn)  # noqa: SLF001


def can_call_like_run(sess: Any) -> bool:
    """Whether ``session_call`` is available for ``sess``."""
    return callable(getattr(sess, "_do_call", None))


def py_func_for_token(token: str) -> Any:
    """The callable registered for a ``PyFunc`` / ``EagerPyFunc`` op's ``token`` attribute (or None)."""
    registry = getattr(_script_ops, "_py_funcs", None)  # noqa: SLF001
    return registry.get(token) if registry is not None else None


def register_py_func(func: Any) -> str:
    """Register ``func`` as ``py_func`` does and return its token (the registry holds it weakly: keep it
    alive, ``keep_alive``). For a lifted ``py_func`` node that calls a wrapper of the user's function."""
    if getattr(_script_ops, "_py_funcs", None) is None:  # noqa: SLF001
        raise RuntimeError("this TensorFlow has no py_func registry (tensorflow.python.ops.script_ops._py_funcs); "
                           "the drop-in cannot move a py_func into tf.data here: use a TensorFlow version "
                           "pyproject.toml allows")
    return _script_ops._py_funcs.insert(func)  # noqa: SLF001


def rewrap_py_func(registered: Any, wrap: Any) -> Any:
    """What to register for a node that called ``registered`` (``py_func_for_token``) to call ``wrap(the
    user's function)`` instead: a ``py_func``'s registry entry is the function itself, a ``py_function``'s
    (``EagerPyFunc``) an ``EagerFunc`` holding it, which the registry calls otherwise (with the op's
    device and token); its copy holds the wrapper."""
    eager = getattr(_script_ops, "EagerFunc", None)
    if eager is None or not isinstance(registered, eager):
        return wrap(registered)
    copied = copy.copy(registered)
    copied._func = wrap(registered._func)  # noqa: SLF001 - the one field EagerFunc.__call__ calls
    return copied


def py_funcs_held_by(graph: Any) -> list[Any] | None:
    """The list in which ``py_func`` keeps alive the functions it registers for ``graph`` (the outermost
    graph: in eager mode the process-wide default graph), or None where this TensorFlow has none."""
    held = getattr(graph, "_py_funcs_used_in_graph", None)  # noqa: SLF001 - the list script_ops.py appends to
    return held if isinstance(held, list) else None


def is_pybind11_interrupt(error: BaseException) -> bool:
    """Whether ``error`` is pybind11's ``RuntimeError`` for a ``KeyboardInterrupt`` that fired meanwhile."""
    return isinstance(error, RuntimeError) and _PYBIND11_INTERRUPT in str(error)


def keep_alive(graph: Any, objects: list[Any]) -> None:
    """Tie ``objects`` to ``graph``'s lifetime, as ``tf.py_func`` does for the functions it registers."""
    while getattr(graph, "outer_graph", None) is not None:
        graph = graph.outer_graph
    if not hasattr(graph, "_py_funcs_used_in_graph"):
        graph._py_funcs_used_in_graph = []  # noqa: SLF001 - the attribute tf.py_func itself uses
    graph._py_funcs_used_in_graph.extend(objects)  # noqa: SLF001


def dismantle_graph(graph: Any) -> None:
    """Break ``graph``'s reference cycles now, so it is freed with its last reference rather than by Python's
    next collection; neither it nor its ops are usable after (see the module docstring). Where this
    TensorFlow cannot, the graph is left to the collector."""
    dismantle = getattr(_ops, "dismantle_graph", None)
    if dismantle is None:
        return
    try:
        dismantle(graph)
    except Exception:  # noqa: BLE001 - a TensorFlow whose graphs cannot be dismantled: freed by a collection
        _log.debug("tfdata_bridge: a scratch graph left to the garbage collector", exc_info=True)


def update_input(op: Any, index: int, tensor: Any) -> bool:
    """Make ``op``'s input ``index`` be ``tensor``; False where this TensorFlow cannot."""
    update = getattr(op, "_update_input", None)  # noqa: SLF001 - see the module docstring
    if update is None:
        return False
    update(index, tensor)
    return True


def can_update_input() -> bool:
    """Whether ``update_input`` can move an op's inputs in this TensorFlow."""
    return hasattr(tf.Operation, "_update_input")


def set_attr(op: Any, name: str, value: Any) -> None:
    """Set ``op``'s attribute ``name`` to the ``AttrValue`` ``value`` (before any session ran ``op``)."""
    op._set_attr(name, value)  # noqa: SLF001 - see the module docstring


def silenced_deprecations() -> Any:
    """A context in which TensorFlow logs no deprecation notice (a null context where it has no switch)."""
    import contextlib

    silence = getattr(_deprecation, "silence", None) if _deprecation is not None else None
    return silence() if silence is not None else contextlib.nullcontext()


def unfinalized(graph: Any) -> Any:
    """A context in which ops may be added to ``graph`` even if it was finalized (finalized again after)."""
    import contextlib

    @contextlib.contextmanager
    def opened() -> Any:
        if not graph.finalized or not hasattr(graph, "_unsafe_unfinalize"):
            yield
            return
        graph._unsafe_unfinalize()  # noqa: SLF001
        try:
            yield
        finally:
            graph.finalize()

    return opened()


def op_is_stateful(op_type: str) -> bool:
    """Whether the registered op ``op_type`` is stateful (False for unknown types, such as functions)."""
    if _op_def_registry is None:  # degraded: every op counts as stateful (nothing is vectorized or reordered)
        return True
    op_def = _op_def_registry.get(op_type)
    return bool(op_def is not None and op_def.is_stateful)


def vectorizable_op_types() -> frozenset[str] | None:
    """The op types ``tf.vectorized_map`` can rewrite for a batch when their inputs vary per element (pfor's
    converter registry), or None where this TensorFlow keeps no such registry."""
    try:
        from tensorflow.python.ops.parallel_for import pfor as _pfor  # no public list of pfor's converters
    except ImportError:  # pragma: no cover - every supported TensorFlow has it
        return None
    registry = getattr(_pfor, "_pfor_converter_registry", None)
    return frozenset(registry) if isinstance(registry, dict) else None


# Attributes pfor's converter of an op type does not pass on: the batched op runs with the attribute's default,
# whatever the per-element op was given (``DecodeCSV``'s ``na_value``: "NA" fields failed to parse, issue 16).
# A lift whose op sets one to anything but its default is not vectorized (``graph_batch._batched_exactly``).
# Found by reading every converter in ``parallel_for/pfor.py`` (TensorFlow 2.16-2.21) for the attributes it
# reads; the tripwire in ``tests/test_layers.py`` reads them again and fails on any value-changing one missing here.
PFOR_DROPPED_ATTRS: dict[str, tuple[str, ...]] = {
    "DecodeCSV": ("na_value",),
    "Cast": ("Truncate",),
    "GatherNd": ("bad_indices_policy",),
    "TensorScatterUpdate": ("bad_indices_policy",),
    "TensorListSetItem": ("resize_if_index_out_of_bounds",),
    "Conv2DBackpropFilter": ("explicit_paddings",),
}


def pfor_drops_attr(node: Any) -> str | None:
    """The attribute of ``node`` (a ``NodeDef``) that pfor's converter would not pass on, set to anything but
    its default, or None."""
    dropped = PFOR_DROPPED_ATTRS.get(node.op, ())
    if not dropped or _op_def_registry is None:
        return None
    op_def = _op_def_registry.get(node.op)
    defaults = {a.name: a.default_value for a in op_def.attr if a.HasField("default_value")} if op_def else {}
    for name in dropped:
        if name in node.attr and (name not in defaults or node.attr[name] != defaults[name]):
            return name
    return None


def dataset_graph_def(dataset: Any) -> Any:
    """The ``GraphDef`` of ``dataset`` (its ops and every function they call). ``Dataset._as_serialized_graph``
    is what ``tf.data`` itself uses to serialize a pipeline (tf.data service, checkpoints); no public API
    returns it. Without it, ``is_native`` could not inspect an eager dataset."""
    from tensorflow.core.framework import graph_pb2

    serialized = dataset._as_serialized_graph()  # noqa: SLF001
    graph_def = graph_pb2.GraphDef()
    graph_def.ParseFromString(serialized.numpy() if hasattr(serialized, "numpy") else serialized)
    return graph_def


# single_device (see the module docstring)
_SINGLE_DEVICE_MARK = "_tfdata_bridge_single_device"
_SINGLE_DEVICE_ATTRIBUTE = "experimental_ints_on_device"  # FunctionMetadata: no multi-device instantiation
_cpu_kernels: dict[str, bool] = {}  # op type -> whether it has a kernel the CPU runs
_single_device_lock = threading.Lock()
_int32_results = threading.local()  # .depth: int32_results_single_device scopes open on this thread


class int32_results_single_device:  # noqa: N801 - used as a context manager, as a function would be
    """Within it (on this thread), a function ``single_device`` traces may carry the attribute with an ``int32``
    result as well (``single_device.eligible``'s ``int32_results``). The caller promises that every iterator
    over the datasets it builds there is made with ``inject_prefetch`` off (or autotune off), so that no
    rewrite of tf.data's takes such a function's body for a pipeline (``single_device.py``): the drop-in's batch
    pipelines (``graph_batch.build``), whose options say so and which ``tfdata_bridge.dataset_of`` hands on
    with those options."""

    def __enter__(self) -> None:
        _int32_results.depth = getattr(_int32_results, "depth", 0) + 1

    def __exit__(self, *exc: Any) -> None:
        _int32_results.depth -= 1


def int32_results_allowed() -> bool:
    """Whether this thread is inside ``int32_results_single_device``."""
    return getattr(_int32_results, "depth", 0) > 0


def single_device(function: Any) -> Any:
    """``function``, marked so that the tf.data transformation given it instantiates it on its own device
    (see the module docstring); the same function where this TensorFlow offers no way."""
    wrapper = getattr(_structured_function, "StructuredFunctionWrapper", None)
    if wrapper is None or _kernels is None:
        return function
    with _single_device_lock:
        if not getattr(wrapper.__init__, _SINGLE_DEVICE_MARK, False):
            wrapper.__init__ = _marked_init(wrapper.__init__)
    try:
        setattr(function, _SINGLE_DEVICE_MARK, True)
    except (AttributeError, TypeError):  # a callable that takes no attribute: traced as tf.data traces it
        pass
    return function


def _marked_init(original: Any) -> Any:
    def init(self: Any, func: Any, *args: Any, defun_kwargs: Any = None, **kwargs: Any) -> None:
        # graph mode only (the drop-in's pipelines): eager functions stay as TensorFlow makes them
        if not (getattr(func, _SINGLE_DEVICE_MARK, False) and len(args) <= 1 and not kwargs.get("use_legacy_function")
                and _SINGLE_DEVICE_ATTRIBUTE not in (defun_kwargs or {})
                and not tf.compat.v1.executing_eagerly_outside_functions()):
            original(self, func, *args, defun_kwargs=defun_kwargs, **kwargs)  # as tf.data traces it
            return
        from tfdata_bridge._src import single_device as check  # (it imports this module)

        # traced as tf.data traces it, given the attribute only where that keeps every value (single_device.py)
        # before it is added to the graph: one trace, whichever way it goes
        original(self, func, *args, defun_kwargs=defun_kwargs, **{**kwargs, "add_to_graph": False})
        function = self._function
        if check.eligible(function, int32_results=int32_results_allowed()):
            _give_attribute(function)
        if kwargs.get("add_to_graph", True):
            function.add_to_graph(tf.compat.v1.get_default_graph())

    setattr(init, _SINGLE_DEVICE_MARK, True)
    return init


def _give_attribute(function: Any) -> bool:
    """Gives the traced ``function`` (a ``ConcreteFunction`` not yet in a graph) the single-device attribute,
    in the runtime's record of it that ``add_to_graph`` copies into the graph; False where that fails."""
    try:
        atomic = function._inference_function  # noqa: SLF001 - the function add_to_graph adds
        context = atomic._bound_context  # noqa: SLF001 - the runtime holding its FunctionDef
        definition = atomic.definition
        definition.attr[_SINGLE_DEVICE_ATTRIBUTE].b = True
        context.remove_function(atomic.name)
        context.add_function_def(definition)
        atomic._cached_definition = None  # noqa: SLF001 - read again from the runtime
        return _SINGLE_DEVICE_ATTRIBUTE in atomic.definition.attr
    except Exception:  # noqa: BLE001 - a TensorFlow without these internals: the function as traced
        return False


def op_def(op_type: str) -> Any:
    """The registered ``OpDef`` of ``op_type``, or None (a function's name, an unknown op, no registry)."""
    return None if _op_def_registry is None else _op_def_registry.get(op_type)


def has_cpu_kernel(op_type: str) -> bool:
    """Whether the registered op ``op_type`` has a kernel the CPU runs (False where it cannot be listed)."""
    known = _cpu_kernels.get(op_type)
    if known is None:
        try:
            kernels = _kernels.get_registered_kernels_for_op(op_type).kernel
        except Exception:  # noqa: BLE001 - an op this TensorFlow cannot list: not known to run on the CPU
            kernels = []
        known = _cpu_kernels[op_type] = any(k.device_type in ("CPU", "DEFAULT") for k in kernels)
    return known


# one_shot_iterator (see the module docstring)
TF_DATA_FUNCTION = "_tf_data_function"  # data::kTFDataFunction: the session's grappler skips such a function
_FACTORY_SUFFIX = "_tf_data"  # the marked copy's name: the factory's own name and definition are left alone


def one_shot_iterator(dataset: Any) -> Any:
    """``tf.compat.v1.data.make_one_shot_iterator(dataset)`` (graph mode), its dataset factory marked as a
    tf.data function where that keeps every value, so that the session's grappler skips it (see the module
    docstring). The factory is written from the dataset's ``NodeDef``s (``_factory_definition``) where it
    can be; else TensorFlow's ``Defun`` makes it and the mark is given to a copy (``_mark_factory``)."""
    graph = tf.compat.v1.get_default_graph()
    try:
        made = _direct_one_shot_iterator(graph, dataset)
    except Exception:  # noqa: BLE001 - a TensorFlow without these internals: TensorFlow's own factory
        _log.debug("tfdata_bridge: one-shot iterator factory left to TensorFlow", exc_info=True)
        made = None
    if made is not None:
        return made
    before = set(getattr(graph, "_functions", ()))  # (a factory this call added may go once the copy is used)
    iterator = tf.compat.v1.data.make_one_shot_iterator(dataset)
    try:
        _mark_factory(iterator._iterator_resource.op, before)  # noqa: SLF001 - the OneShotIterator op
    except Exception:  # noqa: BLE001 - a TensorFlow without these internals: the factory as TensorFlow made it
        _log.debug("tfdata_bridge: one-shot iterator factory left unmarked", exc_info=True)
    return iterator


_FACTORY_PREFIX = "tfdb_make_dataset_"
_CAPTURED_BY_VALUE = ("DummyIterationCounter",)  # (traverse.OP_TYPES_ALLOWLIST, with every variant maker)


def _direct_one_shot_iterator(graph: Any, dataset: Any) -> Any:
    """The one-shot iterator ``make_one_shot_iterator`` makes, its factory written from the dataset's nodes
    (``_factory_definition``) instead of traced by a ``Defun`` (which creates each op again in Python: 5-10 ms a
    pipeline); None where this cannot be done as TensorFlow does it (no such internals, tf.data's debug mode,
    a dataset of another graph, a node TensorFlow refuses to capture by value: TensorFlow's path then raises or
    makes it)."""
    from tfdata_bridge._src import single_device as check  # (it imports this module)

    if (_function is None or _iterator_ops is None or _debug_mode is None or _debug_mode.DEBUG_MODE
            or tf.executing_eagerly()):
        return None
    variant = dataset._variant_tensor  # noqa: SLF001 - the dataset's graph tensor
    if variant.graph is not graph:
        return None
    definition = _factory_definition(variant, _caller_device(graph))
    if definition is None:
        return None
    digest = hashlib.sha1(definition.SerializeToString(deterministic=True)).hexdigest()[:20]
    name = _FACTORY_PREFIX + digest
    if check.factory_eligible(definition, lambda called: _definition_in(graph, called)):
        definition.attr[TF_DATA_FUNCTION].b = True
        name += _FACTORY_SUFFIX
    definition.signature.name = name
    if graph._get_function(name) is None:  # noqa: SLF001 - (an identical factory made before: shared)
        graph._add_function(_function._from_definition(definition))  # noqa: SLF001
    structure = dataset._flat_structure  # noqa: SLF001 - the output_types and output_shapes attributes
    with graph.colocate_with(variant.op):
        resource = tf.raw_ops.OneShotIterator(dataset_factory=name, output_types=structure["output_types"],
                                              output_shapes=structure["output_shapes"])
        data = tf.compat.v1.data
        return _iterator_ops.Iterator(resource, None, data.get_output_types(dataset),
                                      data.get_output_shapes(dataset), data.get_output_classes(dataset))


def _caller_device(graph: Any) -> str | None:
    """The device every node of a ``Defun`` made now gets (the innermost device scope's, merged into none), or
    None where that scope is a device function (it may place each op its own way: TensorFlow's path)."""
    functions = graph._device_functions_outer_to_inner  # noqa: SLF001 - what the Defun takes as its device
    caller = functions[-1] if functions else None
    if caller is None:
        return ""
    if _device is not None and isinstance(caller, _device.MergeDevice):
        from tensorflow.core.framework import node_def_pb2

        return caller.shortcut_string_merge(node_def_pb2.NodeDef())
    return None


def _factory_definition(variant: Any, device: str | None) -> Any:
    """The ``FunctionDef`` of a factory returning ``variant``, as ``Defun(capture_by_value=True)`` writes it
    for ``make_one_shot_iterator``: every op ``variant`` reaches through data inputs (control inputs are not
    followed), copied once per use (a node read by two ops is two nodes, as the ``Defun`` copies it), each
    with its attributes and ``device`` (the caller's, ``_caller_device``); or None where the ``Defun`` would
    refuse a node (a placeholder, a stateful op that makes no dataset) or the device is not known."""
    if device is None:
        return None
    from tensorflow.core.framework import function_pb2

    definition = function_pb2.FunctionDef()
    used: set[str] = set()
    outputs: dict[str, list[str]] = {}  # an op's name -> its outputs' names in a FunctionDef ("op:arg:k")

    def output_names(op: Any) -> list[str]:
        names = outputs.get(op.name)
        if names is None:
            names = []
            for arg in op.op_def.output_arg:
                if arg.number_attr:
                    count = op.get_attr(arg.number_attr)
                elif arg.type_list_attr:
                    count = len(op.get_attr(arg.type_list_attr))
                else:
                    count = 1
                names.extend(f"{arg.name}:{k}" for k in range(count))
            if len(names) != len(op.outputs):
                raise ValueError(f"outputs of {op.name} not as its OpDef lists them")
            outputs[op.name] = names
        return names

    def copy(op: Any) -> str:  # the copy's node name
        if op.type in ("Placeholder", "PlaceholderV2"):
            raise _NotByValue(op.name)
        if op._is_stateful and op.type not in _CAPTURED_BY_VALUE and not (  # noqa: SLF001
                op.outputs and op.outputs[0].dtype == tf.variant):
            raise _NotByValue(op.name)
        inputs = [f"{copy(t.op)}:{output_names(t.op)[t.value_index]}" for t in op.inputs]
        name, k = op.name, 0
        while name in used:
            k += 1
            name = f"{op.name}_{k}"
        used.add(name)
        node = definition.node_def.add()
        node.CopyFrom(op.node_def)
        node.name = name
        del node.input[:]
        node.input.extend(inputs)
        node.device = device
        if op.op_def.is_stateful:
            definition.signature.is_stateful = True
        return name

    try:
        top = copy(variant.op)
    except _NotByValue:
        return None
    out = definition.signature.output_arg.add()
    out.name, out.type = "handle", variant.dtype.as_datatype_enum
    definition.ret["handle"] = f"{top}:{output_names(variant.op)[variant.value_index]}"
    definition.attr["_disable_call_shape_inference"].b = True  # (as every Defun)
    return definition


class _NotByValue(Exception):
    """A node ``Defun(capture_by_value=True)`` refuses to copy."""


def _mark_factory(op: Any, before: set[str]) -> bool:
    """Points the ``OneShotIterator`` ``op`` at a copy of its factory function that carries the
    ``_tf_data_function`` attribute, where ``single_device.factory_eligible`` allows; whether it did. The
    factory itself leaves the graph's library where it was not there ``before`` the iterator was made (no
    other op names it): the library goes to the session whole at each extension of its graph."""
    from tfdata_bridge._src import single_device as check  # (it imports this module)

    if op.type != "OneShotIterator" or _function is None:
        return False
    graph = op.graph
    name = op.get_attr("dataset_factory").name
    if name.endswith(_FACTORY_SUFFIX):
        return False
    marked = name + _FACTORY_SUFFIX
    if graph._get_function(marked) is None:  # noqa: SLF001 - (an identical factory made before: its copy)
        definition = graph._get_function(name).definition  # noqa: SLF001
        if not check.factory_eligible(definition, lambda called: _definition_in(graph, called)):
            return False
        definition.signature.name = marked
        definition.attr[TF_DATA_FUNCTION].b = True
        graph._add_function(_function._from_definition(definition))  # noqa: SLF001
    set_attr(op, "dataset_factory", tf.compat.v1.AttrValue(func=tf.compat.v1.NameAttrList(name=marked)))
    if name not in before:
        graph._remove_function(name)  # noqa: SLF001
    return True


def _definition_in(graph: Any, name: str) -> Any:
    """The ``FunctionDef`` of the function ``name`` in ``graph``'s library (or an enclosing graph's), or None."""
    while graph is not None:
        function = graph._get_function(name)  # noqa: SLF001
        if function is not None:
            return function.definition
        graph = getattr(graph, "outer_graph", None)
    return None


# optimize_graph (see the module docstring)
_grappler_lock = threading.Lock()
_grappler_state: dict[str, Any] = {}


def optimize_graph(meta_graph: Any, config: Any) -> Any:
    """The ``GraphDef`` grappler's meta optimizer makes of ``meta_graph`` (a ``MetaGraphDef`` whose
    ``train_op`` collection names the nodes to keep) with ``config`` (a ``ConfigProto``), or None where this
    TensorFlow offers no way. One virtual cluster (a CPU, no device set up) serves every call; calls take turns,
    as TensorFlow's own ``OptimizeGraph`` makes them."""
    if _tf_optimizer is None or _grappler_cluster is None:
        return None
    with _grappler_lock:
        cluster = _grappler_state.get("cluster")
        if cluster is None:  # a virtual one: the local machine's cluster would set up its GPUs, in the
            # user's process, before the user's session chose their options (memory growth, visible devices)
            from tensorflow.core.protobuf import device_properties_pb2

            cpu = device_properties_pb2.NamedDevice(name="/job:localhost/replica:0/task:0/device:CPU:0")
            cpu.properties.type = "CPU"
            cluster = _grappler_state["cluster"] = _grappler_cluster.Cluster(devices=[cpu])
        return _tf_optimizer.OptimizeGraph(config, meta_graph, verbose=False, cluster=cluster)
