"""Graph mode ``tf.train.batch`` and friends: a ``tf.data`` pipeline in place of the queue, whose
``get_next()`` tensors are handed back where the legacy function handed back its ``dequeue_many``.

Each tensor list (one for ``batch``, one per list for ``*_join``) becomes a producer dataset:

- lifted (``lifting.py``): an endless source mapped by a function that re-imports the producer
  subgraph. A producer ends, as a ``QueueRunner`` thread does, at its first ``OutOfRangeError`` (a
  ``py_func`` raising ``StopIteration``; a ``py_func`` raising ``tf.errors.OutOfRangeError`` gives
  ``UnknownError`` in TensorFlow's ``py_func`` kernel, an error, as in legacy): the v1 ``map`` used here
  (``preserve_cardinality=False``) turns ``OutOfRange`` raised inside the function into the end of that
  dataset, where the v2 ``map`` would turn it into ``InvalidArgumentError``. ``num_threads=N`` becomes
  N copies of that producer read by a parallel ``interleave`` (``num_parallel_calls=N``): like N runner
  threads, each copy ends on its own and the rest carry on, so nothing another copy already made is lost
  (a single ``map(num_parallel_calls=N)`` would end the whole dataset at the first end). Each copy has
  its own op kernels, so seeded random ops are reseeded per copy (``Lift.function``). With an upstream
  source on the frontier (a bridge queue, a reader's records, an input producer's rows: see
  ``frontier.py``), that source's dataset is read and ``map(num_parallel_calls=N)`` shares it among the
  N calls, as N runner threads share one queue or reader; several readers of one input producer split
  its file names (``_reads``). A zero-input ``py_func`` is such a source too (``py_producers.py``):
  its function runs on ``num_threads`` Python threads and its elements cross into tf.data a batch at a
  time. A source handing its elements to several lists of the call, or to several pipelines, is shared
  so that each element goes to one of them (``_one_call_per_element``, ``shared_streams.py``); a
  pipeline over an input producer can be rebuilt for that (``_dataset``).
- vectorized (``_vectorized``): where a single lifted producer's ops are pure and provably give each record
  its own values when run on a batch (``_not_batched_exactly``: fully known shapes, no attribute the batched
  form drops), the source's records are shuffled and batched first and the ops run once per batch
  (``parse_example`` after ``batch``).
- fallback (``fallback.py``): TensorFlow's queue, filled by a ``FallbackRunner``'s threads running the
  enqueue op as legacy's ``QueueRunner`` did, read in chunks; when no producer of the call lifts, legacy's
  kind of queue and its own ``dequeue_many`` are the batch.

Then, in order: ``keep_input`` -> ``filter``, ``enqueue_many`` -> ``unbatch``, the producers ->
``interleave``, a shuffle queue -> ``shuffle(capacity)`` (legacy's queue mixes across all it holds, and
it holds up to ``capacity`` whenever the producer is ahead; tf.data fills the buffer before the first
element, where legacy started after ``min_after_dequeue + batch_size``),
``dequeue_many`` / ``dequeue_up_to`` -> ``batch`` / ``padded_batch`` (``drop_remainder`` unless
``allow_smaller_final_batch``), and ``capacity`` -> ``prefetch`` of what is left of it, in batches.
"""

from __future__ import annotations

import dataclasses
import functools
import logging
import random
import warnings
from dataclasses import dataclass
from typing import Any

from tfdata_bridge._src.compat import (batch_retry, error_latch, kept_calls, lift_copies, lifted_graph, lifting,
                                       one_read_lists, partial_replay, pipeline_datasets, pipelines, py_func_records,
                                       queue_reading, queue_shapes, readers, record_counts, shared_streams,
                                       shuffle_py_funcs, sparse_batch)
from tfdata_bridge._src import plan, tf_private
from tfdata_bridge._src.plan import tfdata
from tfdata_bridge._src.compat.fallback import FallbackRunner
from tfdata_bridge._src.compat.lifted_graph import QueueRead
from tfdata_bridge._src.scaling import dropin_service
from tfdata_bridge._src.tf import plain, tf
from tfdata_bridge._src.warnings import FallbackWarning

tf1 = tf.compat.v1
logger = logging.getLogger("tfdata_bridge")

ENDLESS = 2**63 - 1
PRODUCE = plan.Fn("produce", "produce")  # the per-element function: the lifted producer subgraph


@dataclass
class GraphBatch:
    """One call of a batch function, validated: what to build."""

    api: str  # "train.batch", ... for messages
    tensor_lists: list[list[Any]]  # one per producer
    threads: int  # copies of each producer (num_threads for batch, 1 for the *_join functions)
    keep: Any  # a bool tensor, or None when statically True
    dtypes: list[Any]
    shapes: list[Any]  # the queue's shapes (TensorShape), one per component
    enqueue_many: bool
    batch_size: int
    capacity: int
    dynamic_pad: bool
    allow_smaller_final_batch: bool
    shuffle: tuple[int, Any] | None  # (min_after_dequeue, seed) for the shuffle variants
    scope: str
    layout: Any = None  # where SparseTensors were flattened into components (sparse_batch.Layout), or None
    ordered: bool = False  # parallel calls and lists deliver in order (a read again repeats it: _replayable_order)

    @property
    def call(self) -> plan.BatchCall:
        """The call's parameters that shape its chain, for its plan (``plan.from_batch_call``)."""
        keep = None
        if self.keep is not None:  # a scalar flag keeps a whole value; with enqueue_many, a vector keeps rows
            keep = "element" if self.keep.shape.rank == 0 or not self.enqueue_many else "row"
        return plan.BatchCall(
            self.api, self.batch_size, self.capacity, self.threads, keep=keep, enqueue_many=self.enqueue_many,
            dynamic_pad=self.dynamic_pad, allow_smaller_final_batch=self.allow_smaller_final_batch,
            shuffle=self.shuffle is not None, seed=None if self.shuffle is None else self.shuffle[1],
            min_after_dequeue=None if self.shuffle is None else self.shuffle[0])

    def plan(self, python: bool, whole: bool = False) -> plan.Plan:
        """The chain the bridge builds for the call: ``python``, a Python producer's channel holds part of
        the capacity; ``whole``, all of it, and the batches themselves cross (``_python_batches``). Its
        element stage (the lifted producer ``map``, ``keep_input``'s filter, ``enqueue_many``'s unbatch) is
        what each producer dataset gets (``_lifted``): ``num_threads`` calls that deliver as they finish,
        as legacy's runner threads enqueued."""
        return plan.from_batch_call(self.call, source="lifted", element=PRODUCE, channel=python,
                                    whole_capacity=whole, prefetch="capacity", ordered=self.ordered)


@dataclass(frozen=True)
class Built:
    """What ``build`` made: the batch tensors, and what the pipeline runs on (for the call's warning)."""

    tensors: list[Any]
    python: tuple[str, ...]  # the Python ops (py_func and friends) lifted into tf.data, by name
    vectorized: bool  # the lifted ops run once per batch (parse_example after batch, say)
    fallback: bool  # a stage runs outside tf.data (see _fallback)
    python_producers: tuple[str, ...] = ()  # zero-input py_funcs run as Python producers, by name


def build(req: GraphBatch, stacklevel: int) -> Built:
    """Build the pipeline for ``req`` in the default graph and return its batch tensors (flat list)."""
    blocked: list[tuple[list[Any], lifting.Blocker]] = []
    lifts: list[lifting.Lift] = []
    python_producers = not req.enqueue_many and not req.dynamic_pad and req.layout is None
    for tensors in req.tensor_lists:
        targets = list(tensors) + ([req.keep] if req.keep is not None else [])
        lift = lifting.analyze(targets, python_producers=python_producers)
        if not isinstance(lift, lifting.Blocker) and not all(
                p.ready(p.pinned_components(list(tensors), list(req.shapes))) for p in lift.python_producers):
            lift = lifting.analyze(targets)  # its elements' shapes cannot be learned: the py_func stays an op
        if isinstance(lift, lifting.Blocker):
            blocked.append((tensors, lift))
        else:
            lifts.append(lift)
    copies: list[lifting.Lift] = []  # lists that are copies of the first, read by its parallel calls instead
    if not blocked and lift_copies.copies(lifts):
        req = dataclasses.replace(req, tensor_lists=req.tensor_lists[:1], threads=req.threads * len(lifts))
        lifts, copies = lifts[:1], lifts[1:]
    lifts, kept = _one_call_per_element(req, lifts)
    blocked.extend(kept)
    if blocked and req.layout is not None:  # batching.py hands the call to TensorFlow's own batch
        raise sparse_batch.NotLifted(blocked[0][1].describe())
    # only where Python code can fail: a native pipeline keeps no Python op (is_native)
    python = runs_python = any(lift.py_funcs or lift.python_producers for lift in lifts)
    # where a read again delivers what the shuffle held, its Python ops' calls kept (shuffle_py_funcs.py), their
    # error is a failing record like a reader's; elsewhere it waits for the shuffle buffer to drain
    kept = (not blocked and len(lifts) == 1 and shuffle_py_funcs.applies(req.shuffle, lifts[0])
            and _short_batch_replayable(req, lifts, [], None))
    # (unshuffled, several lists: not where the call reads again what was read before the failure, as before)
    read_again = kept if req.shuffle is not None else _short_batch_replayable(req, lifts, blocked, None)
    latch = error_latch.Latch() if python and error_latch.needed(
        req.shuffle is not None, len(lifts) * req.threads, req.layout is not None, read_again) else None
    if latch is not None:  # a producer's error waits for the shuffle buffer to drain (error_latch.py)
        lifts = [error_latch.latched_lift(lift, latch) for lift in lifts]
    if blocked and not lifts and req.layout is None:  # the whole call falls back: legacy's queue and dequeue
        return Built(_fallback(req, blocked, stacklevel + 1, whole=True), (), False, True)
    fallen: list[Any] = []  # the fallback's dataset, made once (a rebuild reuses it)
    if blocked:
        fallen.append(_fallback(req, blocked, stacklevel + 1))
    # several pipelines over one seeded random op: each its own copies (lifted_graph.first_copy)
    seeds = lifted_graph.first_copy(tf1.get_default_graph(), lifts, req.threads * len(lifts))
    replay = _short_batch_replayable(req, lifts, fallen, latch)
    if replay:  # a read again must repeat the order: parallel calls in order, the shuffle's seeds known,
        req = _replayable_order(req, len(lifts))  # and the input producer's rows kept in its order table
        partial_replay.keep_order(lifts)
    records = None  # Python ops' calls, kept until a batch takes their record, for the read again (kept_calls.py)
    if replay and shuffle_py_funcs.applies(req.shuffle, lifts[0]):  # through a shuffle: every Python op's
        records = kept_calls.KeptCalls(kept_calls.lag(req.capacity, req.batch_size))
        lifts = [py_func_records.recording(lifts[0], records, shuffle_py_funcs.KEPT_OPS)]
    elif replay and any(py_func_records.needed(lift) for lift in lifts):  # a stateful py_func's (all_replayable:
        # the only lift, or the lists of one read, all numbered by it: one_read_lists.py)
        records = kept_calls.KeptCalls(kept_calls.lag(req.capacity, req.batch_size))
        lifts = [py_func_records.recording(lift, records) for lift in lifts]
    verdicts: dict[int, tuple[lifting.Lift, bool]] = {}  # (_vectorizable's, kept for a rebuild: see _dataset)
    # a known file list is read without a per-file function (readers.file_reads), except where the pipeline
    # goes to the tf.data service, whose dynamic sharding splits only the per-file flat_map's names
    splittable = dropin_service.wanted()
    with tf_private.int32_results_single_device(), readers.file_reads(splittable) as fast:
        ds, early, vectorized, retry = _dataset(req, lifts, fallen, latch, seeds, records, verdicts)
    options = tf.data.Options()
    # read-ahead stays bounded by capacity; and the functions with an int32 result that int32_results_single_device
    # let be single-device are no pipeline's output to this rewrite (single_device.py): keep it off
    options.experimental_optimization.inject_prefetch = False
    options.experimental_warm_start = True  # start_queue_runners starts production (pipelines.started)
    ds = ds.with_options(options)
    name = f"tf.{req.api} {req.scope.rstrip('/')!r}"
    # TFDATA_BRIDGE_SERVICE: a native pipeline is read through the tf.data service (issue 19)
    mine = tuple(dict.fromkeys([*(p.describe() for lift in lifts for p in lift.python_producers),
                                *(f"{op} (a Python op)" for lift in lifts for op in lift.python_ops)]))
    read, service = dropin_service.through_service(ds, options, name, stacklevel + 1, mine)
    iterator = tf_private.one_shot_iterator(read)  # (the session's grappler skips its factory where it may)
    tensors = list(iterator.get_next(name=req.scope))
    # tfdata_bridge.dataset_of (issue 19), and distribute's and tf.distribute's splittable form of it
    pipeline_datasets.record(tensors, ds, iterator, service, _again(req, lifts, fallen, latch, seeds, records,
                                                                 verdicts, options, tensors, fast, runs_python))
    if retry is not None and service is None:  # a failed vectorized batch is retried record by record (batch_retry.py)
        retry.attach(tensors)
    if replay:  # the short batch before a failing read; what a shuffle's buffer held (shuffle_replay.py)
        shuffled = {} if req.shuffle is None else {
            "shuffle": (req.plan(False).shuffle.buffer, req.shuffle[1]), "graph_seed": tensors[0].graph.seed,
            "allow_smaller": req.allow_smaller_final_batch, "vectorized": vectorized}
        partial_replay.register(lifts[0], len(req.dtypes), req.batch_size, f"tf.{req.api} {req.scope.rstrip('/')!r}",
                                tensors, others=tuple(lifts[1:]), combine=functools.partial(_combine, ordered=True),
                                one_read=_one_read(req, lifts), records=records, keep=req.call.keep,
                                many=req.enqueue_many, padded=req.dynamic_pad, **shuffled)

    def rebuild() -> Any:  # the pipeline over a shared stream (shared_streams.py), with its own retry
        # no read again repeats a shared stream's records (partial_replay.failed): where it stood in for the
        # error latch, the latch holds a Python op's error back now, so what the shuffle held still arrives
        again_latch, again_lifts = latch, lifts
        if again_latch is None and runs_python and error_latch.needed(req.shuffle is not None, len(lifts) * req.threads,
                                                                 req.layout is not None, False):
            again_latch = error_latch.Latch()
            again_lifts = [error_latch.latched_lift(lift, again_latch) for lift in lifts]
        with tf_private.int32_results_single_device(), readers.file_reads(dropin_service.wanted()) as fast_again:
            rebuilt, _, _, again = _dataset(req, again_lifts, fallen, again_latch, seeds, records, verdicts)
        rebuilt = rebuilt.with_options(options)
        # a shared stream (TensorFlow's queue kernel) cannot go to the service: it stays here, with its warning
        read, service = dropin_service.through_service(rebuilt, options, name, python=mine)
        if again is not None and service is None:
            again.attach(tensors)
        pipeline_datasets.record(tensors, rebuilt, service=service, again=_again(
            req, again_lifts, fallen, again_latch, seeds, records, verdicts, options, tensors, fast_again, runs_python))
        return read

    _consumes(req, lifts + copies, tensors, rebuild)
    queue_shapes.adopt([up.source for lift in lifts + copies for up in lift.upstreams],
                       shared_streams.iterator_op(tensors[0]), rebuild, name)
    python = tuple(dict.fromkeys(name for lift in lifts for name in lift.python_ops))
    producers = tuple(dict.fromkeys(p.describe() for lift in lifts for p in lift.python_producers))
    # a wait on Python code or on a queue's runners may outlast close(): session_release takes those runs
    pipelines.register(iterator, tensors, name,
                       may_block=bool(python or producers or blocked), early=early)
    return Built(tensors, python, vectorized, bool(blocked), producers)


def _dataset(req: GraphBatch, lifts: list[lifting.Lift], fallen: list[Any], latch: Any,
             seeds: int = 0, records: Any = None,
             verdicts: dict[int, tuple[lifting.Lift, bool]] | None = None) -> tuple[Any, Any, bool, Any]:
    """``(dataset, its StartedBatches or None, vectorized, its batch_retry.Retry or None)``: the call's pipeline over ``lifts`` and the
    fallback's dataset (``fallen``), read as their sources are read now (``shared_streams.py``); ``seeds``:
    the copy number of its first producer copy (``lifted_graph.first_copy``); ``records``: its Python ops'
    kept calls (each batch tells them which records it took: ``kept_calls.py``); ``verdicts``: ``_vectorizable``'s
    verdict on each lift judged before, by ``id`` (the lift kept beside it), so that the rebuild over a shared
    stream (``build``'s ``rebuild``: the same lifts, read another way) does not infer their shapes again."""
    shards = _reads(req, lifts, latch)
    chain = req.plan(any(lift.python_producers for lift in lifts))
    early = None  # a Python producer's batches straight from its channel: its StartedBatches
    retry = None  # a vectorized batch's record-by-record retry (batch_retry.py)
    ds = None
    if len(lifts) == 1 and not fallen:
        judged = verdicts.get(id(lifts[0])) if verdicts is not None else None
        if judged is not None and judged[0] is lifts[0]:
            exact = judged[1]
        else:  # (checked once per lift: it imports the lifted ops to learn their shapes)
            exact = _vectorizable(req, lifts[0])
            if verdicts is not None:
                verdicts[id(lifts[0])] = (lifts[0], exact)
        ds, early = _python_batches(req, lifts[0], shards, exact) or (None, None)
        if ds is None and exact:
            ds, retry = _vectorized(req, lifts, shards, chain)
    vectorized = ds is not None
    if ds is None:
        producers: list[Any] = []
        if not fallen and _one_read(req, lifts):  # several lists of one read(): one_read_lists.py
            producers.append(_one_read_lists(req, lifts, seeds, shards))
        for lift in lifts if not producers else ():
            producers.extend(_lifted(req, lift, first_copy=seeds + len(producers), shards=shards))
        producers.extend(fallen)
        # lists that split one stream (each every k-th row) deliver one of each in turn: a list's error then
        # comes where its row came, after every row before it (legacy's order), where a sloppy interleave
        # raised it as soon as it was met and lost the rows the other lists had made before it
        split = any(read.get("shard", (0, 1))[1] > 1 for read in shards.values())
        ds = _combine(producers, ordered=req.ordered or split)
        if req.layout is not None:
            ds = ds.map(plain(sparse_batch.assemble(req.layout)))
        ds = _shuffled_and_batched(ds, req, chain)
        if records is not None:  # (the number rode after the components)
            ds = kept_calls.telling(ds, records, len(req.dtypes))
    if latch is not None:
        ds = error_latch.with_raising_tail(ds, latch)
    if early is None:  # capacity -> prefetch of what is left of it (a channel holding all of it needs none)
        ds = tfdata.apply(chain, ds, stages=("feed",))
    return ds, early, vectorized, retry


def _again(req: GraphBatch, lifts: list[lifting.Lift], fallen: list[Any], latch: Any, seeds: int, records: Any,
           verdicts: dict[int, tuple[lifting.Lift, bool]], options: Any, tensors: list[Any], fast: list[str],
           python: bool) -> Any:
    """``pipeline_datasets.Made.again`` for a call's pipeline (``_dataset``'s arguments) that read a known file
    list without a per-file function (``fast``: ``readers.file_reads``' list): what builds it again, when
    asked, with every file read by the per-file ``flat_map`` over a dataset of names, the form the tf.data
    service's dynamic sharding splits (``tfdata_bridge.distribute``, ``dataset_of``), in the batch tensors'
    graph, with the call's ``options``. None where none did, or where the pipeline runs the program's Python
    code (``python``) or reads legacy's queue (``fallen``), which no service takes: the dataset it reads then
    is the one to hand on."""
    if not fast or python or fallen:
        return None

    def again() -> Any:
        with tensors[0].graph.as_default(), tf_private.int32_results_single_device(), readers.file_reads(True):
            made, _, _, _ = _dataset(req, lifts, fallen, latch, seeds, records, verdicts)
        return made.with_options(options)

    return again


def _short_batch_replayable(req: GraphBatch, lifts: list[lifting.Lift], fallen: list[Any], latch: Any) -> bool:
    """Whether what legacy delivered after a failing read can be read again (``partial_replay.py``): one
    lifted producer whose records come in a fixed order, batched as they come or through a shuffle
    (``shuffle_replay.py``: what its buffer held, in full batches too). A stateful ``py_func``'s calls are kept
    for it until a batch takes its record (``kept_calls.py``); through a shuffle every Python op's
    (``shuffle_py_funcs.py``: no error latch then, a Python op's error is read again too)."""
    # (keep_input's filter and enqueue_many's unbatch, read again after the ops: one lift batched as it comes)
    filtered = req.keep is not None or req.enqueue_many
    return ((req.allow_smaller_final_batch or req.shuffle is not None) and not fallen
            and latch is None and req.layout is None
            and (not filtered or (req.shuffle is None and len(lifts) == 1
                                  and not py_func_records.needed(lifts[0])))
            and partial_replay.all_replayable(lifts))


def _replayable_order(req: GraphBatch, lists: int) -> GraphBatch:
    """``req`` in an order a read again repeats: ``num_threads`` calls, and the ``lists`` tensor lists of a
    ``*_join``, delivering in order (legacy's threads enqueued as they finished; in order, one list after
    the other, is one order they could finish in), and a shuffle with a seed of its own where the call
    gave none (drawn at random, or from the graph's seed where it has one, as TensorFlow derives an op's).
    Measured on a busy 2-core machine (``decode_raw`` per record, ``num_threads=4``): no slower in order."""
    if req.shuffle is not None and req.shuffle[1] is None:
        graph_seed, seed = tf1.get_seed(None)
        if graph_seed is None:
            seed = random.SystemRandom().randrange(1, 2**31 - 1)
        req = dataclasses.replace(req, shuffle=(req.shuffle[0], seed))
    return dataclasses.replace(req, ordered=req.threads > 1 or lists > 1)


def _one_call_per_element(req: GraphBatch, lifts: list[lifting.Lift]) -> tuple[list[lifting.Lift], list[Any]]:
    """``lifts`` with no frontier source handing one element to several of them, and the tensor lists
    (with their ``Blocker``) that must stay in legacy TensorFlow for that.

    Legacy runs each tensor list's ops once per element it enqueues: a zero-input ``py_func`` shared by the
    lists of a ``batch_join`` is called once per element of whichever list runs it, and a ``read()`` they
    share hands each record to one list. A Python producer shared by several lists stays an op in each
    (each call's value goes to the list that called it); a shared read's or ``dequeue()``'s input producer
    becomes a shared stream (``shared_streams.share``), whose kernels hand each element to one list, and
    ``limit_epochs``' lists count on its one epoch counter (``epoch_limit.py``); a bridge queue's kernel
    already shares. Any other source has no kernel to share: the lists reading it stay in legacy
    TensorFlow (``_fallback``), where its one op serves them all."""
    if _one_read(req, lifts):  # one read of the records, each to one list in turn: one_read_lists.py
        return lifts, []
    users: dict[int, list[int]] = {}
    sources: dict[int, Any] = {}
    for i, lift in enumerate(lifts):
        for up in lift.upstreams:
            users.setdefault(id(up.source), []).append(i)
            sources[id(up.source)] = up.source
    shared = {key: used for key, used in users.items() if len(used) > 1}
    from tfdata_bridge._src.compat.lifted_graph import QueueRead
    from tfdata_bridge._src.compat.py_producers import PyProducer

    again = {i for key, used in shared.items() if isinstance(sources[key], PyProducer) for i in used}
    out = list(lifts)
    for i in again:
        lift = lifting.analyze(list(lifts[i].outputs))
        if not isinstance(lift, lifting.Blocker):  # (it lifted with the py_func as a producer: it lifts as an op)
            out[i] = lift
    kept: dict[int, Any] = {}
    for key, used in shared.items():
        source = sources[key]
        why = f"{len(used)} tensor lists of tf.{req.api} {req.scope.rstrip('/')!r} read {source.describe()}"
        if getattr(source, "stream", None) is not None:
            shared_streams.share(source.stream, why)
        elif not isinstance(source, (PyProducer, QueueRead)):
            name = next(n for up in lifts[used[0]].upstreams if id(up.source) == key for n, _ in up.tensors)
            op = tf1.get_default_graph().get_tensor_by_name(name).op
            for i in used:
                kept[i] = lifting.Blocker(op.name, op.type, f"is read by {len(used)} tensor lists of the call, which "
                                                            "compete for its elements")
    blocked = [(list(out[i].outputs[:len(req.dtypes)]), blocker) for i, blocker in kept.items()]
    return [lift for i, lift in enumerate(out) if i not in kept], blocked


def _consumes(req: GraphBatch, lifts: list[lifting.Lift], tensors: list[Any], rebuild: Any) -> None:
    """Tell ``shared_streams`` which input producers' streams this pipeline reads, and which one-at-a-time
    reads and dequeues it took over (running those is no longer what consumes the stream)."""
    graph = tensors[0].graph
    streams: dict[int, Any] = {}
    for lift in lifts:
        for up in lift.upstreams:
            stream = getattr(up.source, "stream", None)
            if stream is not None:
                streams[id(stream)] = stream
                shared_streams.claim(graph.get_tensor_by_name(name) for name, _ in up.tensors)
    for stream in streams.values():
        made = shared_streams.consumer(stream, f"tf.{req.api} {req.scope.rstrip('/')!r}",
                                       shared_streams.iterator_op(tensors[0]), rebuild)
        del made


def _shuffled_and_batched(ds: Any, req: GraphBatch, chain: plan.Plan) -> Any:
    """The plan's shuffle and batch (padded to the queue's shapes, where legacy's queue fixed a dimension; a
    record's number riding after the components, ``kept_calls``, to its own shape)."""
    riders = tf.nest.flatten(ds.element_spec)[len(req.shapes):]
    return tfdata.apply(chain, ds, stages=("mix", "batch"),
                        padded_shapes=(*req.shapes, *(spec.shape for spec in riders)))


def _reads(req: GraphBatch, lifts: list[lifting.Lift], latch: Any = None) -> dict[int, dict[str, Any]]:
    """How each frontier source is read (``Lift.source``), by ``id(source)``.

    Each stream is split among the sources reading it (several readers on one input producer, as in
    ``batch_join`` over readers): source ``i`` of ``k`` reads every ``k``-th file name, ``i`` first. Legacy
    readers sharing a queue took the next file name when they needed one; taking them in turn is one
    of the orders that could give, and each file is still read once per epoch. A Python producer runs
    ``num_threads`` copies and hands over a batch at a time, within the call's capacity."""
    by_stream: dict[int, list[Any]] = {}
    reads: dict[int, dict[str, Any]] = {}
    for lift in lifts:
        for up in lift.upstreams:
            stream = getattr(up.source, "stream", None)
            if stream is not None and up.source not in by_stream.setdefault(id(stream), []):
                by_stream[id(stream)].append(up.source)
        for producer in lift.python_producers:  # (_python_batches gives a producer the whole capacity)
            crossing = req.plan(python=True).crossing
            reads[id(producer)] = {"copies": req.threads, "capacity": crossing.channel_capacity,
                                   "chunk": crossing.chunk_size}
            if latch is not None:
                reads[id(producer)]["latch"] = latch
    for lift in lifts:  # (a queue kernel shares its elements: its elements cross a batch at a time)
        for up in lift.upstreams:
            if isinstance(up.source, QueueRead) and up.source.method == "dequeue":
                queue_shapes.pin(up.source.queue)  # (a queue without shapes whose writers agree on one)
                reads[id(up.source)] = {"chunk": plan.read_chunk(req.batch_size,
                                                                 queue_reading.most_per_read(up.source.queue))}
    for sources in by_stream.values():
        for i, source in enumerate(sources):
            reads[id(source)] = {"shard": (i, len(sources))}
            if isinstance(source, readers.FileRead):  # (a shared reader's records cross a batch at a time)
                reads[id(source)]["chunk"] = plan.read_chunk(req.batch_size)
    return reads


def _vectorized(req: GraphBatch, lifts: list[lifting.Lift], shards: dict[int, dict[str, Any]],
                chain: plan.Plan) -> tuple[Any, Any]:
    """The pipeline with the lifted ops run once per batch and its ``batch_retry.Retry`` (or None), or
    ``(None, None)`` where the vectorizer has no batched form of them; only for a lift ``_vectorizable``
    found exact when run once per batch.

    Where the ops between a read and the batch are pure (no random op, no ``py_func``: the same record
    always gives the same values) and make values of one fully known shape for every record
    (``_not_batched_exactly``), reading records, shuffling and batching them, then running the ops on the
    whole batch gives what running them per record and batching gives. TensorFlow's own
    vectorizer (``tf.vectorized_map``, with no fallback to a loop) rewrites the ops for a batch:
    ``parse_single_example`` becomes ``parse_example``, ``decode_csv`` decodes every line at once.
    Where it has no batched form of an op (``decode_raw``, image decoders), the ops run per record."""
    lift = lifts[0]
    raw = _shuffled_and_batched(lift.source(shards), req, chain)
    specs = [tf.TensorSpec(s.shape[1:], s.dtype) if isinstance(s, tf.TensorSpec) else s
             for s in tf.nest.flatten(raw.element_spec)]
    forwarded = _forwarded(lift)
    if forwarded is not None and not all(  # (else the batch's shape check runs per batch, below)
            isinstance(specs[i], tf.TensorSpec) and specs[i].shape.is_fully_defined()
            and specs[i].shape.as_list() == tf.TensorShape(s).as_list() for i, s in zip(forwarded, req.shapes)):
        forwarded = None
    if forwarded is not None:  # no op between the read and the batch: nothing to run per batch
        if forwarded == list(range(len(specs))) and isinstance(raw.element_spec, tuple):
            return raw, None
        return raw.map(plain(lambda *c: tuple(c[i] for i in forwarded))), None
    retry = None
    per_batch = _per_batch(req, lift)
    # a failed batch is retried record by record (batch_retry.py); not after a Python producer: the
    # retry's parallel map would read batches ahead of the call's capacity (its channel holds that)
    if batch_retry.enabled(specs) and not lift.python_producers:
        retry = batch_retry.Retry(specs, req.batch_size, req.allow_smaller_final_batch, lift.function(0),
                                  f"tf.{req.api} {req.scope.rstrip('/')!r}", req.scope.rstrip("/"))
        raw, per_batch = raw.enumerate(), retry.stashed(per_batch)
    try:
        if retry is not None:  # in order (the failed batch is the first left in the stash); the stash's ops
            # are stateful, so tf.data's map_parallelization no longer runs the map in parallel by itself
            calls = req.threads if req.threads > 1 else tf.data.AUTOTUNE
            return raw.map(per_batch, num_parallel_calls=calls, deterministic=True), retry
        if req.threads > 1:
            return raw.map(per_batch, num_parallel_calls=req.threads, deterministic=False), retry
        return raw.map(per_batch), retry
    except Exception as e:  # noqa: BLE001 - any op the vectorizer cannot rewrite: run the ops per record
        logger.debug("%s: the lifted ops run per record (%s)", req.api, e)
        return None, None


def _vectorizable(req: GraphBatch, lift: lifting.Lift) -> bool:
    if not (lift.upstreams and lift.pure and req.keep is None and not req.enqueue_many and not req.dynamic_pad
            and req.layout is None):
        return False
    why = _not_batched_exactly(lift)
    if why is None and not all(p.fixed for p in lift.python_producers):  # (issue 16: shapes that may vary)
        why = "a Python producer's elements may differ in shape from one to the next"
    if why is None and _few_records(lift):
        why = (f"its files hold at most {record_counts.VECTORIZE_MIN_RECORDS} records in all, where vectorizing "
               "costs more than it saves")
    if why is not None:
        logger.debug("tf.%s %r: the lifted ops run per record: %s", req.api, req.scope.rstrip("/"), why)
    return why is None


def _few_records(lift: lifting.Lift) -> bool:
    """Whether every source of ``lift`` is a reader whose records are known to be few (``record_counts``)."""
    return (bool(lift.upstreams) and not lift.python_producers
            and all(isinstance(up.source, readers.FileRead) and up.source.few_records() for up in lift.upstreams))


def _forwarded(lift: lifting.Lift) -> list[int] | None:
    """Where ``lift`` runs no op (the batch takes what its sources read, as a reader's ``value`` handed to
    the batch), the position of each of its outputs among its source's components; else None."""
    if lift.graph_def.node:
        return None
    positions: dict[str, int] = {}
    offset = 0
    for up in lift.upstreams:
        present = lift._present(up)  # noqa: SLF001 - lifted_graph's layout of the source's components
        for name, index in up.tensors:
            if index in present:
                positions[name] = offset + present.index(index)
        offset += len(present)
    if not all(t.name in positions for t in lift.outputs):
        return None
    return [positions[t.name] for t in lift.outputs]


def _not_batched_exactly(lift: lifting.Lift) -> str | None:
    """Why running ``lift``'s ops once per batch (``tf.vectorized_map``) might not give each record its own
    values, or None where it provably does. The ops that read (directly or not) a frontier value must each:

    - have a batched form (pfor's converter): where one has none (``decode_png``, ``read_file``,
      ``decode_raw``), trying costs a trace that fails, before the first batch;
    - be given no attribute that form drops (``tf_private.PFOR_DROPPED_ATTRS``), but for a ``decode_csv`` of
      the record itself (its ``na_value``), which runs on the whole batch as it is (``_hoisted``);
    - make values of a fully known shape, the same for every record. The batched forms assume every
      record's values have one shape: a ``FixedLenSequenceFeature``'s list was padded to the batch's
      longest, and ``tf.size``/``tf.shape`` of it then counted the padding (issue 16: lengths
      ``[5, 5, 5, 5]`` where legacy gave ``[2, 3, 4, 5]``); a ``VarLenFeature``, a split string, a
      ``decode_raw``, ``tf.unique``, a ``boolean_mask`` likewise. Shapes are those TensorFlow infers for the
      ops as the lifted function imports them (a ``set_shape`` made in the program is not in the
      ``GraphDef``), from the frontier values' own (a reader's record, a queue's shapes, a Python
      producer's learned shapes). An output no op reads and the batch does not take is not checked.

    Ops on constants alone need none of this."""
    known = tf_private.vectorizable_op_types()
    varying = {name.split(":")[0] for name in lift.mapped_inputs}
    hoisted = _hoisted(lift)  # (they run on the batch themselves, attributes and all)
    ops: list[Any] = []
    for node in lift.graph_def.node:  # (a GraphDef from a graph lists each op after its inputs)
        if any(inp.lstrip("^").split(":")[0] in varying for inp in node.input):
            if known is not None and node.op not in known:
                return f"op '{node.name}' ({node.op}) has no batched form"
            dropped = tf_private.pfor_drops_attr(node)
            if dropped is not None and node.name not in hoisted:
                return f"op '{node.name}' ({node.op}) sets {dropped}, which its batched form drops"
            varying.add(node.name)
            ops.append(node)
    if not ops:
        return None
    # (an output nothing reads may vary: parse_single_example's VarLenFeature parsed and never used)
    read = {t.name for t in lift.outputs}
    for node in lift.graph_def.node:
        read.update(inp if ":" in inp else f"{inp}:0" for inp in node.input if not inp.startswith("^"))
    shapes = _imported_shapes(lift)
    if shapes is None:
        return "the lifted ops' shapes could not be inferred"
    for node in ops:
        for i, shape in enumerate(shapes[node.name]):
            if f"{node.name}:{i}" not in read:
                continue
            if not shape.is_fully_defined():
                return (f"op '{node.name}' ({node.op}) makes values of shape {shape} (output {i}), which may "
                        "differ from record to record")
    return None


def _imported_shapes(lift: lifting.Lift) -> dict[str, list[Any]] | None:
    """The static shapes of the outputs of ``lift``'s ops (by node name) as the lifted function imports them:
    in a scratch graph, each frontier value a placeholder of its own shape (None where that import fails), a
    value that an ``Assert`` checked to be a scalar taken as one (``_scalars_checked``)."""
    from tfdata_bridge._src.compat.py_producers import PyProducer

    graph = lift.outputs[0].graph
    own: dict[str, Any] = {}
    for up in lift.upstreams:  # (a Python producer's learned shapes: its elements are checked against them)
        if isinstance(up.source, PyProducer):
            for name, index in up.tensors:
                own[name] = up.source.shapes[index]
    scratch = tf.Graph()  # (shape inference only: no pipeline, no bridge state; freed here, see below)
    try:
        with scratch.as_default():
            input_map = {}
            for name in sorted(lift.mapped_inputs):
                tensor = graph.get_tensor_by_name(name)
                shape = tensor.shape
                if name in own:
                    shape = shape.merge_with(own[name]) if shape.is_compatible_with(own[name]) else own[name]
                input_map[name] = tf1.placeholder(tensor.dtype.base_dtype, shape)
            try:
                tf1.import_graph_def(_scalars_checked(lift.graph_def), input_map=input_map, name="lifted")
            except (ValueError, TypeError) as e:  # (shapes not known: nothing is vectorized)
                logger.debug("the lifted ops' shapes could not be inferred: %s", e)
                return None
        return {node.name: [t.shape for t in scratch.get_operation_by_name(f"lifted/{node.name}").outputs]
                for node in lift.graph_def.node}
    finally:  # (a graph is a reference cycle: without this it waited for Python's next collection, per batch call)
        tf_private.dismantle_graph(scratch)


def _scalars_checked(graph_def: Any) -> Any:
    """``graph_def`` with each ``Identity`` that passes a value on only once an ``Assert`` found its rank 0 made an
    ``EnsureShape`` to a scalar, so that shape inference knows what the check made certain: the parse ops' own
    check of a record of unknown rank (``parse_single_example`` over a queue that gave no shapes,
    ``_assert_scalar``: the ``set_shape([])`` it made is not in a ``GraphDef``). The ``Assert`` still runs: a
    record of another rank fails, per record or per batch alike. (For shape inference only.)"""
    by_name = {node.name: node for node in graph_def.node}

    def node_of(name: str) -> Any:
        return by_name.get(name.lstrip("^").split(":")[0])

    def is_zero(node: Any) -> bool:
        if node is None or node.op != "Const":
            return False
        value = tf.make_ndarray(node.attr["value"].tensor)
        return value.shape == () and value == 0

    def checked(node: Any) -> bool:
        data = [inp for inp in node.input if not inp.startswith("^")]
        for control in (inp for inp in node.input if inp.startswith("^")):
            check = node_of(control)
            if check is None or check.op != "Assert" or not check.input:
                continue
            equal = node_of(check.input[0])
            if equal is None or equal.op != "Equal" or len(equal.input) < 2:
                continue
            rank = node_of(equal.input[0])
            if (rank is not None and rank.op == "Rank" and len(data) == 1
                    and _tensor_name(rank.input[0]) == _tensor_name(data[0]) and is_zero(node_of(equal.input[1]))):
                return True
        return False

    found = [node.name for node in graph_def.node if node.op == "Identity" and checked(node)]
    if not found:
        return graph_def
    out = tf1.GraphDef()
    out.CopyFrom(graph_def)
    for node in out.node:
        if node.name in found:
            node.op = "EnsureShape"
            node.attr["shape"].shape.CopyFrom(tf.TensorShape([]).as_proto())
    return out


def _per_batch(req: GraphBatch, lift: lifting.Lift) -> Any:
    """The map function running ``lift``'s ops on a whole batch (``tf.vectorized_map``, no fallback); the
    ``_hoisted`` ones run on the batch first, as they are, and the rest take their values."""
    hoisted = _hoisted(lift)
    before, produce = _split(lift, hoisted) if hoisted else (None, lift.function(0))
    batch = req.batch_size if not req.allow_smaller_final_batch else None
    shapes = [tf.TensorShape([batch]).concatenate(s) for s in req.shapes]

    def per_batch(*components: Any) -> tuple[Any, ...]:
        inputs = tuple(components) + (tuple(before(components)) if before is not None else ())
        values = tf.vectorized_map(lambda comps: tuple(produce(*comps)), inputs,
                                   fallback_to_while_loop=False, warn=False)
        return tuple(tf.ensure_shape(v, s) for v, s in zip(values, shapes))

    return plain(per_batch)


def _hoisted(lift: lifting.Lift) -> list[str]:
    """The ``decode_csv`` ops of ``lift`` whose batched form would drop an attribute (``na_value``) and that may
    run on the whole batch themselves: each decodes a frontier value itself (the record as read) with
    defaults no record reaches, and no op waits on it by a control input. ``DecodeCSV`` decodes each line of
    a batch of lines as it decodes a line alone, so its values for the batch are each record's own."""
    if lift.number:
        return []
    controlled = {inp[1:] for node in lift.graph_def.node for inp in node.input if inp.startswith("^")}
    varying = {name.split(":")[0] for name in lift.mapped_inputs}
    out = []
    for node in lift.graph_def.node:
        if any(inp.lstrip("^").split(":")[0] in varying for inp in node.input):
            record = node.input[0] if node.input and ":" in node.input[0] else f"{node.input[0]}:0" if node.input else ""
            if (node.op == "DecodeCSV" and tf_private.pfor_drops_attr(node) is not None and record in lift.mapped_inputs
                    and not any(inp.lstrip("^").split(":")[0] in varying for inp in node.input[1:])
                    and node.name not in controlled):
                out.append(node.name)
            varying.add(node.name)
    return out


def _split(lift: lifting.Lift, hoisted: list[str]) -> tuple[Any, Any]:
    """``(before, produce)`` for ``hoisted`` ops: ``before(components)`` runs them on the raw batch (with
    what they read that no record reaches) and returns their values; ``produce(*components, *those values)``
    runs the rest of ``lift``'s ops for one record, as ``Lift.function`` does, each hoisted value mapped in."""
    graph_def = lift.graph_def
    by_name = {node.name: node for node in graph_def.node}
    outer: set[str] = set()
    stack = list(hoisted)
    while stack:  # the hoisted ops and what they read (their defaults), but for the record (a frontier value)
        name = stack.pop()
        if name in outer or name not in by_name:
            continue
        outer.add(name)
        node = by_name[name]
        stack.extend(inp.lstrip("^").split(":")[0] for inp in (node.input[1:] if name in hoisted else node.input))
    outer_def, inner_def = tf1.GraphDef(), tf1.GraphDef()
    for part in (outer_def, inner_def):
        part.versions.CopyFrom(graph_def.versions)
    outer_def.node.extend(node for node in graph_def.node if node.name in outer)
    inner_def.node.extend(node for node in graph_def.node if node.name not in hoisted)
    values = [f"{name}:{i}" for name in hoisted for i in range(len(by_name[name].attr["OUT_TYPE"].list.type))]
    outer_read = {_tensor_name(by_name[name].input[0]) for name in hoisted}
    inner_read = {_tensor_name(inp) for node in inner_def.node for inp in node.input if not inp.startswith("^")}
    layout = [(up, lift._present(up)) for up in lift.upstreams]  # noqa: SLF001 - the components' layout
    width = sum(len(present) for _, present in layout)
    outputs = lift.outputs

    def frontier(components: Any) -> dict[str, Any]:
        named: dict[str, Any] = {}
        flat = list(components)
        for up, present in layout:
            comps, flat = flat[:len(present)], flat[len(present):]
            by_index = dict(zip(present, comps))
            named.update((name, by_index[index]) for name, index in up.tensors if index in by_index)
        return named

    def before(components: Any) -> list[Any]:
        named = frontier(components)
        return tf1.import_graph_def(outer_def, input_map={k: v for k, v in named.items() if k in outer_read},
                                    return_elements=values, name="batched")

    def produce(*components: Any) -> list[Any]:
        named = frontier(components[:width])
        named.update(zip(values, components[width:]))
        wanted = [t.name for t in outputs if t.name not in named]
        imported: dict[str, Any] = {}
        if wanted:
            imported = dict(zip(wanted, tf1.import_graph_def(
                inner_def, input_map={k: v for k, v in named.items() if k in inner_read}, return_elements=wanted,
                name="lifted")))
        results = []
        for t in outputs:
            value = tf.identity(named[t.name] if t.name in named else imported[t.name])
            value.set_shape(t.shape)  # set_shape() calls are not part of a GraphDef
            results.append(value)
        return results

    return plain(before), plain(produce)


def _tensor_name(name: str) -> str:
    return name if ":" in name else f"{name}:0"


def _python_batches(req: GraphBatch, lift: lifting.Lift, shards: dict[int, dict[str, Any]],
                    exact: bool) -> tuple[Any, Any] | None:
    """``(dataset, its StartedBatches)`` for a call whose only source is one Python producer and nothing to
    shuffle, or None: the producer's channel holds the call's whole capacity and hands over the batches
    themselves (the batch taken from it is legacy's batch in flight), so no prefetch follows and tf.data
    neither splits nor batches again (``exact``: its ops may run once per batch, ``_vectorizable``). Its producers start at ``start_queue_runners`` through the
    ``StartedBatches``, as nothing asks for a batch when the iterator is created. Where the ops after the
    producer only pass its values on, no map runs at all (one function fewer for TensorFlow to optimise
    before the first batch)."""
    producers = lift.python_producers
    if (not exact or req.shuffle is not None or len(lift.upstreams) != 1 or len(producers) != 1
            or lift.upstreams[0].source is not producers[0]):
        return None
    producer = producers[0]
    starts: list[Any] = []
    read = {**shards[id(producer)], "capacity": req.plan(python=True, whole=True).channel_capacity, "early": starts,
            "whole_batches": (req.batch_size, req.allow_smaller_final_batch)}
    raw = lift.source({**shards, id(producer): read})
    if _passes_through(req, lift):
        return raw, starts[0]
    try:
        return raw.map(_per_batch(req, lift)), starts[0]
    except Exception as e:  # noqa: BLE001 - any op the vectorizer cannot rewrite: run the ops per record
        logger.debug("%s: the lifted ops run per record (%s)", req.api, e)
        return None


def _passes_through(req: GraphBatch, lift: lifting.Lift) -> bool:
    """Whether the batch takes the Python producer's values as they are: its outputs in order, of the
    call's dtypes and (fully known) shapes."""
    producer = lift.python_producers[0]
    index = dict(lift.upstreams[0].tensors)
    return ([index.get(t.name) for t in lift.outputs] == list(range(producer.width))
            and len(lift.outputs) == len(req.dtypes)
            and all(a == b for a, b in zip(producer.dtypes, req.dtypes))
            and all(a.is_fully_defined() and a.as_list() == tf.TensorShape(b).as_list()
                    for a, b in zip(producer.shapes, req.shapes)))


def _lifted(req: GraphBatch, lift: lifting.Lift, first_copy: int, shards: dict[int, dict[str, Any]]) -> list[Any]:
    """The producer datasets for one liftable tensor list: ``req.threads`` copies (numbered from
    ``first_copy`` across the whole call, for their random seeds), or one dataset sharing an upstream
    queue among ``req.threads`` parallel calls."""
    n = len(req.dtypes)
    prefix = [None] if req.enqueue_many else []
    shapes = [tf.TensorShape(prefix).concatenate(s) for s in req.shapes]

    def element_fn(copy: int) -> Any:
        produce = lift.function(copy)

        def element(*frontier: Any) -> tuple[Any, ...]:
            values = produce(*frontier)
            comps = [_shape_checked(v, s, i) for i, (v, s) in enumerate(zip(values[:n], shapes))]
            return tuple(comps + values[n:] + number(frontier))

        return plain(element)

    # a numbered lift: the record's number rides to the batch (kept_calls.telling)
    number = (lambda frontier: [frontier[0]]) if lift.number else (lambda _: [])
    chain = req.plan(bool(lift.python_producers))
    upstream = lift.source(shards)
    if upstream is not None:  # the plan's element stage, its calls sharing the source as runner threads do
        return [_element_stage(chain, upstream, element_fn(first_copy), n, python=bool(lift.py_funcs))]
    copies = []  # one endless copy per runner thread, each the plan's element stage with one call
    one = dataclasses.replace(chain, parallel=1)
    for copy in range(first_copy, first_copy + req.threads):
        element = element_fn(copy)
        copies.append(_element_stage(one, tf1.data.Dataset.range(ENDLESS), lambda _, element=element: element(), n))
    return copies


def _one_read(req: GraphBatch, lifts: list[lifting.Lift]) -> bool:
    """Whether the call's lists all read one ``read()`` and are made one read, each record to one list
    (``one_read_lists.py``): where what was read before a failure is delivered (``allow_smaller_final_batch``,
    a shuffle), which the shared kernels lose. Elsewhere the shared kernels stay: they read a batch of
    records per kernel call, and with tiny records measured 2-3x faster than a read per list."""
    return ((req.allow_smaller_final_batch or req.shuffle is not None) and req.threads == 1 and req.keep is None
            and not req.enqueue_many and req.layout is None and one_read_lists.applies(lifts))


def _one_read_lists(req: GraphBatch, lifts: list[lifting.Lift], first_copy: int,
                    shards: dict[int, dict[str, Any]]) -> Any:
    """The producer dataset of lists of one ``read()``: the read (as its stream is read now: natively, or
    its shared kernels), record ``i`` through list ``i % k``'s ops."""
    n = len(req.dtypes)
    shapes = list(req.shapes)
    source = lifts[0].upstreams[0].source

    def element_fn(lift: lifting.Lift, j: int) -> Any:
        produce = lift.function(first_copy + j)

        def element(*frontier: Any) -> tuple[Any, ...]:
            values = produce(*frontier)
            # (a numbered list: the record's number in the read rides to the batch, kept_calls.telling)
            return tuple([_shape_checked(v, s, i) for i, (v, s) in enumerate(zip(values[:n], shapes))]
                         + ([frontier[0]] if lift.number else []))

        return element

    if not source.stream.shared:  # a native read, made once per list (one_read_lists.split)
        return one_read_lists.split(lifts, lambda: source.dataset(None, **shards.get(id(source), {})), element_fn,
                                    functools.partial(_combine, ordered=True), numbered=bool(lifts[0].number))
    read = source.dataset(None, **shards.get(id(source), {}))  # (the shared kernels: each record read once)
    element = one_read_lists.dispatch(lifts, element_fn)
    return _element_stage(req.plan(False), read.enumerate(), element, n, python=any(lift.py_funcs for lift in lifts))


def _element_stage(chain: plan.Plan, ds: Any, produce: Any, n: int, python: bool = False) -> Any:
    """The plan's element stage over ``ds`` (``plan/tfdata.py``): ``produce`` mapped, then ``keep_input``'s
    filter (each value, or with ``enqueue_many`` each row) and ``enqueue_many``'s unbatch. The lifted
    function makes flat ``(*components, keep)`` tuples: the filter reads the flag after the ``n``
    components."""
    # ``python`` (its function calls Python ops): a tf.compat.v1 dataset's map (preserve_cardinality=False), so
    # OutOfRange raised in the function (a py_func's StopIteration, a producer the error latch ended) ends the
    # producer, as it ended legacy's runner thread, where the v2 map of a reader's records turned it into
    # InvalidArgumentError (TensorFlow's own ops raise none there: a source's end is the source's)
    if python and not isinstance(ds, tf1.data.Dataset):
        ds = tf1.data.Dataset.zip(ds)
    return tfdata.apply(chain, ds, stages=("element",), functions={
        PRODUCE.key: produce, plan.KEEP.key: lambda *x: x[n], plan.DROP_KEEP.key: lambda *x: x[:n]})


def _shape_checked(value: Any, shape: Any, index: int) -> Any:
    """The enqueue kernel's run-time shape check, as an op: ``InvalidArgumentError`` on a mismatch, with
    the kernel's message where the mismatch is already certain when the graph is built (a Python
    producer's first element fixed the shape)."""
    if shape.rank is None:
        return value
    if value.shape.is_compatible_with(shape):
        return tf.ensure_shape(value, shape)
    message = f"Shape mismatch in tuple component {index}. Expected {shape.as_list()}, got {value.shape.as_list()}"
    with tf.control_dependencies([tf.debugging.Assert(False, [message])]):
        return tf.zeros([d or 0 for d in shape.as_list()], value.dtype)


def _fallback(req: GraphBatch, blocked: list[tuple[list[Any], lifting.Blocker]], stacklevel: int,
              whole: bool = False) -> Any:
    """The dataset of the producers that cannot be lifted (their elements, read from TensorFlow's queue
    in chunks), or, ``whole`` (no producer of the call was lifted), the call's batch tensors: legacy's
    kind of queue and its own dequeue op, as fast as legacy because it is legacy's."""
    # per element, TensorFlow's reader op costs less than an iterator's get_next
    blocked = [(readers.use_tensorflow_readers(tensors), blocker) for tensors, blocker in blocked]
    runner = FallbackRunner([tensors for tensors, _ in blocked], req.threads, req.keep, req.dtypes, req.shapes,
                            enqueue_many=req.enqueue_many, capacity=req.capacity,
                            name=req.scope.rstrip("/") or "batch", shuffle=req.shuffle if whole else None)
    tf1.add_to_collection(tf1.GraphKeys.QUEUE_RUNNERS, runner)
    reasons = "; ".join(dict.fromkeys(b.describe() for _, b in blocked))
    warnings.warn(
        f"tf.{req.api}: {reasons}. This stage cannot run inside tf.data, so it stays as in legacy TensorFlow: "
        f"{len(runner.enqueue_ops)} runner thread(s) run its enqueue op into TensorFlow's queue, and tf.data "
        "reads that queue for the rest; tf.train.start_queue_runners(sess) (or a MonitoredSession) starts them.",
        FallbackWarning, stacklevel=stacklevel + 1,
    )
    if whole:
        return runner.batched(req.batch_size, req.allow_smaller_final_batch)
    return runner.dataset(req.batch_size if not req.dynamic_pad else 1)


def _combine(producers: list[Any], ordered: bool = False) -> Any:
    """The producers' elements together, as each is ready (``ordered``: one of each in turn, so that a read
    again repeats the order: ``partial_replay.py``)."""
    if len(producers) == 1:
        return producers[0]
    nested = tf1.data.Dataset.from_tensors(producers[0])
    for ds in producers[1:]:
        nested = nested.concatenate(tf1.data.Dataset.from_tensors(ds))
    return nested.interleave(plain(lambda ds: ds), cycle_length=len(producers), block_length=1,
                             num_parallel_calls=len(producers), deterministic=ordered)
