"""The drop-in ``tf.train.batch`` family: ``batch``, ``maybe_batch``, ``batch_join``,
``maybe_batch_join``, ``shuffle_batch``, ``maybe_shuffle_batch``, ``shuffle_batch_join`` and
``maybe_shuffle_batch_join``, with TensorFlow's exact signatures.

- Graph mode, given tensors: the arguments are checked as TensorFlow checks them (same exception types
  and messages), then the producer subgraph is lifted into a ``tf.data`` pipeline (``graph_batch.py``)
  and the ``get_next()`` tensors of its one-shot iterator come back: a list, a bare tensor for a
  one-tensor list, a dict for a dict, with the static shapes ``dequeue_many`` / ``dequeue_up_to`` give.
- Given a zero-argument callable (a list of them for the ``*_join`` functions), in eager or graph mode:
  a ``tf.data.Dataset`` compiled from a producer spec (``eager_batch.py``).
- Eager mode, given concrete tensors: ``ValueError`` (as TensorFlow), saying to pass a callable.
- ``SparseTensor`` inputs: batched by tf.data as ``SparseTensor``s (``sparse_batch.py``); with
  ``enqueue_many``, ``dynamic_pad``, given ``shapes`` or a sparse ``keep_input``, TensorFlow's own
  queue-based implementation, with a ``FallbackWarning``.

``shared_name`` is accepted and has no effect. In TensorFlow it names the queue in the resource
container so that sessions on one server (distributed TensorFlow) share one queue; here each session
gets its own pipeline (its own iterator over the dataset), so sessions never share elements.

The summary TensorFlow adds (``fraction_of_<capacity>_full``) is not added: tf.data has no queue whose
fill it could report.
"""

from __future__ import annotations

import warnings
from typing import Any

from tfdata_bridge._src import plan
from tfdata_bridge._src.plan import printer
from tfdata_bridge._src.compat import batch_checks as checks
from tfdata_bridge._src.compat import eager_batch, graph_batch, lifted_runners, readers, sparse_batch
from tfdata_bridge._src.compat.notice import notice
from tfdata_bridge._src.tf import tf
from tfdata_bridge._src.warnings import FallbackWarning

tf1 = tf.compat.v1
PRODUCE = plan.Fn("produce", "produce")  # the warning's names for the call's ops, per element and per batch
PRODUCE_BATCH = plan.Fn("produce_batch", "produce_batch")


def batch(tensors, batch_size, num_threads=1, capacity=32, enqueue_many=False, shapes=None, dynamic_pad=False,
          allow_smaller_final_batch=False, shared_name=None, name=None):
    """``tf.compat.v1.train.batch`` compiled into tf.data (see the module docstring)."""
    return _call("batch", locals())


def maybe_batch(tensors, keep_input, batch_size, num_threads=1, capacity=32, enqueue_many=False, shapes=None,
                dynamic_pad=False, allow_smaller_final_batch=False, shared_name=None, name=None):
    """``tf.compat.v1.train.maybe_batch``: ``batch`` with ``keep_input`` as a ``filter``."""
    return _call("maybe_batch", locals())


def batch_join(tensors_list, batch_size, capacity=32, enqueue_many=False, shapes=None, dynamic_pad=False,
               allow_smaller_final_batch=False, shared_name=None, name=None):
    """``tf.compat.v1.train.batch_join``: one producer per tensor list, interleaved."""
    return _call("batch_join", locals())


def maybe_batch_join(tensors_list, keep_input, batch_size, capacity=32, enqueue_many=False, shapes=None,
                     dynamic_pad=False, allow_smaller_final_batch=False, shared_name=None, name=None):
    """``tf.compat.v1.train.maybe_batch_join``: ``batch_join`` with ``keep_input`` as a ``filter``."""
    return _call("maybe_batch_join", locals())


def shuffle_batch(tensors, batch_size, capacity, min_after_dequeue, num_threads=1, seed=None, enqueue_many=False,
                  shapes=None, allow_smaller_final_batch=False, shared_name=None, name=None):
    """``tf.compat.v1.train.shuffle_batch``: ``batch`` with ``shuffle(capacity)``."""
    return _call("shuffle_batch", locals())


def maybe_shuffle_batch(tensors, batch_size, capacity, min_after_dequeue, keep_input, num_threads=1, seed=None,
                        enqueue_many=False, shapes=None, allow_smaller_final_batch=False, shared_name=None,
                        name=None):
    """``tf.compat.v1.train.maybe_shuffle_batch``: ``shuffle_batch`` with ``keep_input`` as a ``filter``."""
    return _call("maybe_shuffle_batch", locals())


def shuffle_batch_join(tensors_list, batch_size, capacity, min_after_dequeue, seed=None, enqueue_many=False,
                       shapes=None, allow_smaller_final_batch=False, shared_name=None, name=None):
    """``tf.compat.v1.train.shuffle_batch_join``: ``batch_join`` with a shuffle."""
    return _call("shuffle_batch_join", locals())


def maybe_shuffle_batch_join(tensors_list, batch_size, capacity, min_after_dequeue, keep_input, seed=None,
                             enqueue_many=False, shapes=None, allow_smaller_final_batch=False, shared_name=None,
                             name=None):
    """``tf.compat.v1.train.maybe_shuffle_batch_join``: ``shuffle_batch_join`` with a ``filter``."""
    return _call("maybe_shuffle_batch_join", locals())


EAGER_TENSORS = (
    "tf.train.{fn} was given {what} in eager mode. Legacy programs run in graph mode: call "
    "tf.compat.v1.disable_eager_execution() (or tf.compat.v1.disable_v2_behavior()) at the start of the "
    "program, before building the graph, and the drop-in runs it on tf.data. In eager (TF2) code nothing runs "
    "the tensors again to make the next element (TensorFlow refuses queue-based input pipelines under eager "
    "execution): pass a zero-argument callable that returns one element, e.g. "
    "`tf.train.{fn}(lambda: (image, label), ...)`{join}, and a tf.data.Dataset comes back; or build the "
    "pipeline with tf.data directly."
)


def _call(fn: str, args: dict[str, Any]) -> Any:
    """The shared body of the eight functions; ``args`` are the public function's arguments."""
    join = "tensors_list" in args
    producers = args["tensors_list"] if join else [args["tensors"]]
    shuffle = (args["min_after_dequeue"], args.get("seed")) if "min_after_dequeue" in args else None
    threads = args.get("num_threads", 1)
    keep_input = args.get("keep_input", True)
    if isinstance(producers, (list, tuple)) and producers and all(_is_producer(p) for p in producers):
        if shuffle is not None and args["capacity"] <= shuffle[0]:
            raise ValueError(f"capacity {args['capacity']} must be bigger than min_after_dequeue {shuffle[0]}.")
        notice(f"train.{fn}", stacklevel=3, detail=", its producers (the callables) on the bridge's Python threads")
        return eager_batch.dataset(
            producers, threads=threads, keep_input=keep_input, batch_size=args["batch_size"],
            capacity=args["capacity"], enqueue_many=args["enqueue_many"], shapes=args["shapes"],
            dynamic_pad=args.get("dynamic_pad", False),
            allow_smaller_final_batch=args["allow_smaller_final_batch"], shuffle=shuffle,
        )
    if tf.executing_eagerly():
        what = "a list of tensor lists" if join else "tensors"
        hint = " (a list of them for tf.train.{})".format(fn) if join else ""
        raise ValueError(EAGER_TENSORS.format(fn=fn, what=what, join=hint))
    tensor_lists = checks.as_tensor_list_list(producers) if join else [checks.as_tensor_list(producers[0])]
    values = [t for tl in tensor_lists for t in list(tl)] + [keep_input]
    sparse = any(isinstance(t, (tf.SparseTensor, tf1.SparseTensorValue)) for t in values)
    if sparse and (args["enqueue_many"] or args.get("dynamic_pad") or args["shapes"] is not None
                   or isinstance(keep_input, (tf.SparseTensor, tf1.SparseTensorValue))
                   or sparse_batch.unknown_rank(values)):
        return _legacy(fn, args)
    if tf.get_static_value(args["batch_size"]) is None:  # fed at each run: a tf.data batch is fixed when built
        return _legacy(fn, args, why=FED_BATCH_SIZE.format(size=getattr(args["batch_size"], "name", "?")))
    try:
        return _graph(fn, args, producers, tensor_lists, keep_input, shuffle, threads, join, sparse)
    except sparse_batch.NotLifted:  # a sparse producer that cannot be lifted: legacy's own, exact shapes
        return _legacy(fn, args)


def _graph(fn: str, args: dict[str, Any], producers: Any, tensor_lists: list[Any], keep_input: Any,
           shuffle: Any, threads: int, join: bool, sparse: bool) -> Any:
    """``_call`` in graph mode, given tensors: the call's pipeline built by ``graph_batch``."""
    values = [t for tl in tensor_lists for t in list(tl)] + [keep_input]
    default = ("shuffle_" if shuffle else "") + ("batch_join" if join else "batch")
    with tf1.name_scope(args["name"], default, values) as scope:
        if shuffle is not None and args["capacity"] <= shuffle[0]:
            raise ValueError(f"capacity {args['capacity']} must be bigger than min_after_dequeue {shuffle[0]}.")
        tensor_lists = checks.validate(tensor_lists, join)
        keep = checks.validate_keep_input(keep_input, args["enqueue_many"])
        dtypes = checks.dtypes(tensor_lists)
        dynamic_pad = args.get("dynamic_pad", False)
        layout = None
        queued = None  # legacy's queue dtypes and shapes, where they are not the pipeline's (QUEUE_RUNNERS' runner)
        if sparse:  # batched by tf.data as SparseTensors (sparse_batch.py)
            queued = _sparse_queued(tensor_lists[0])
            tensor_lists, layout, dtypes, shapes = sparse_batch.flatten(tensor_lists)
        else:
            shapes = checks.queue_shapes(checks.shapes(tensor_lists, args["shapes"], args["enqueue_many"]), dtypes,
                                         dynamic_pad)
            for tl in tensor_lists:
                checks.check_enqueue(tl, shapes, args["enqueue_many"])
        static_keep = tf.get_static_value(keep)
        req = graph_batch.GraphBatch(
            api=f"train.{fn}", tensor_lists=tensor_lists, threads=1 if join else threads,
            keep=None if static_keep is not None and static_keep.ndim == 0 and bool(static_keep) else keep,
            dtypes=dtypes, shapes=shapes, enqueue_many=args["enqueue_many"], batch_size=_batch_size(args["batch_size"]),
            capacity=args["capacity"], dynamic_pad=dynamic_pad,
            allow_smaller_final_batch=args["allow_smaller_final_batch"], shuffle=shuffle, scope=scope,
            layout=layout,
        )
        with tf1.device("/device:CPU:0"):  # tf.data runs on the host, as the legacy queues did
            built = graph_batch.build(req, stacklevel=4)
            if not built.fallback:  # legacy's runner in QUEUE_RUNNERS (a fallback added its own)
                lifted_runners.add(scope, shuffle is not None, dynamic_pad, *(queued or (dtypes, shapes)),
                                   built.tensors[0], req.capacity, req.batch_size, req.allow_smaller_final_batch)
    if not built.fallback:  # a fallback says what it became in its own warning
        notice(f"train.{fn}", stacklevel=4, detail=_became(built), values=_chain(req, built))
    dequeued = built.tensors
    return checks.as_original_type(producers[0], dequeued[0] if len(dequeued) == 1 else dequeued)


def _sparse_queued(tensors: list[Any]) -> tuple[list[Any], list[Any]]:
    """Legacy's queue dtypes and shapes for ``tensors``: a ``SparseTensor`` queued as the int64 handle
    (shape ``[1]``) of its place in a ``SparseTensorsMap``, a dense tensor as itself."""
    sparse = (tf.SparseTensor, tf1.SparseTensorValue)
    return ([tf.int64 if isinstance(t, sparse) else t.dtype.base_dtype for t in tensors],
            [tf.TensorShape([1]) if isinstance(t, sparse) else t.shape for t in tensors])


def _chain(req: graph_batch.GraphBatch, built: graph_batch.Built) -> str:
    """The tf.data chain with this call's own values, as a user writes it over a dataset of the producer's
    values: no channel, so a shuffle buffer of the whole capacity (``plan.from_batch_call``)."""
    chain = plan.from_batch_call(req.call, element=None if built.vectorized else PRODUCE,
                                 per_batch=PRODUCE_BATCH if built.vectorized else None)
    return printer.inline("dataset", chain)


def _became(built: graph_batch.Built) -> str:
    """What the call's pipeline runs on, for its one warning."""
    if built.python_producers:
        names = ", ".join(built.python_producers)
        return (f", its Python producer(s) ({names}) called on the bridge's threads, their elements crossing into "
                "tf.data a batch at a time" + (f"; the Python op(s) {', '.join(built.python)} called from tf.data's "
                                                "threads" if built.python else ""))
    if built.python:
        ops = ", ".join(built.python)
        return f", the Python op(s) {ops} called from tf.data's threads"
    if built.vectorized:
        return " as native tf.data (no Python op; the ops after the read run once per batch)"
    return " as native tf.data (no Python op)"


def _is_producer(value: Any) -> bool:
    return callable(value) and not isinstance(value, (tf.Tensor, tf.Variable, tf.SparseTensor))


SPARSE = ("SparseTensor inputs (with enqueue_many, dynamic_pad, shapes, a sparse keep_input, an unknown rank, or a "
          "producer that cannot run inside tf.data) are batched")
FED_BATCH_SIZE = ("its batch_size ({size}) is a tensor fed at each run, and a tf.data batch's size is fixed when "
                  "the graph is built (pass an int to compile it into tf.data); the call is batched")


def _legacy(fn: str, args: dict[str, Any], why: str = SPARSE) -> Any:
    warnings.warn(
        f"tf.train.{fn}: {why} by TensorFlow's own queue and QueueRunner, not compiled into tf.data; "
        "start_queue_runners(sess) starts that runner.",
        FallbackWarning, stacklevel=4,
    )
    return getattr(tf1.train, fn)(**_on_tensorflow_readers(args))


def _on_tensorflow_readers(args: dict[str, Any]) -> dict[str, Any]:
    """``args`` with the drop-in reads their tensors (and ``keep_input``) are computed from moved onto
    TensorFlow's own reader ops on the input producer's queue (``readers.use_tensorflow_readers``, as the
    fallback does): TensorFlow's batch runs them once per element in its runner's ``sess.run``, where a reader
    op costs what legacy's did, and the read's own tf.data iterator and end-of-data test (four functions,
    built when the graph first ran) are never made: a batch the drop-in does not lift costs what legacy's
    costs."""
    key = "tensors_list" if "tensors_list" in args else "tensors"
    flat = tf.nest.flatten(args[key])
    dense = [i for i, t in enumerate(flat) if isinstance(t, tf.Tensor)]
    extra = [c for t in flat if isinstance(t, tf.SparseTensor) for c in (t.indices, t.values, t.dense_shape)]
    if isinstance(args.get("keep_input"), tf.Tensor):
        extra.append(args["keep_input"])
    walked = [flat[i] for i in dense] + extra
    if not walked:
        return args
    moved = readers.use_tensorflow_readers(walked)
    for i, tensor in zip(dense, moved):
        flat[i] = tensor
    out = dict(args, **{key: tf.nest.pack_sequence_as(args[key], flat)})
    if isinstance(args.get("keep_input"), tf.Tensor):
        out["keep_input"] = moved[-1]
    return out


def _batch_size(value: Any) -> int:
    static = tf.get_static_value(value)
    if static is None:
        raise ValueError(
            f"batch_size ({value!r}) must be known when the graph is built (an int or a constant): the "
            "tf.data pipeline behind tf.train.batch fixes it then; pass an int"
        )
    return int(static)
