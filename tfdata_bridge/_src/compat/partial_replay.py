"""The short batch before a failing source: the records read since the last full batch, read again.

Legacy ran a reader and the ops after it once per record on a runner thread: when a file could not be
opened, a record was corrupt, or a per-record op (``decode_raw``, an image decoder) failed, every record
before it was already in the queue, and ``train.batch(..., allow_smaller_final_batch=True)`` gave them
as a last, short batch before the error. tf.data's ``batch`` drops the records it has collected when
its input fails, and a graph has no ``try``: nothing inside tf.data can end the batch there, and
keeping each record aside as it passes (a table insert per record) measured 4-10x slower.

So nothing changes while nothing fails. When the consumer's run fails with the error of a pipeline
whose records come in an order a read again repeats (one reader over an input producer, or its
``dequeue()``, a ``slice_input_producer``, with pure ops after it; ``num_threads`` > 1, or the readers of
a ``*_join`` that copy one another, as parallel calls that deliver in order: ``graph_batch._replayable_order``), the drop-in ``Session`` (through
``batch_retry.recover``) reads the same records again, in a graph and session of its own: a first pass
counts the full batches before the failure (``COUNT_CHUNK`` per run, then one per run), a second reads
the records after them one at a time until the same failure. Those records are the short batch legacy
delivered; the consumer's own error follows, as legacy's did. Through a shuffle, what its buffer held
is found the same way (``shuffle_replay.py``). The input producer keeps each epoch's rows (file names, or
the rows a ``dequeue()`` hands the ops after it, of any type and shape: serialized) in the order the
pipeline read them (``InputQueue.order_table``, one table op per epoch; shuffled or not), and the records
are read again from those files (those rows): in that order, and no further than the epochs the
pipeline began, so an endless producer's read again ends too. The cost is paid once, after the failure:
reading again what the pipeline had read (two or three times).

Several lists of one ``read()`` are one read, record ``i`` to list ``i % k`` (``one_read_lists.py``): read
again alike. Random ops after the read draw afresh in the read again (``_repeatable_ops``): the records it
delivers never reached the consumer. A stateful ``py_func`` is not called again: the pipeline keeps its calls
by record number until a batch takes their record, and the read again takes their values
(``kept_calls.py``, ``py_func_records.py``; one lift only).
Where the order is not one a read again repeats (an input producer shared with other pipelines) the short
batch is still lost (``docs/failure-behaviour.md``).
"""

from __future__ import annotations

import logging
import threading
from dataclasses import dataclass
from typing import Any

import numpy as np

from tfdata_bridge._src import op_types, tf_private
from tfdata_bridge._src.compat import one_read_lists, pipelines, py_func_records
from tfdata_bridge._src.compat.graph_tables import GraphTable
from tfdata_bridge._src.tf import plain, tf

logger = logging.getLogger("tfdata_bridge")
tf1 = tf.compat.v1
_lock = threading.Lock()
COUNT_CHUNK = 1024  # whole batches counted per run by the first pass
_replays: GraphTable[dict[str, Replay]] = GraphTable("partial_replays")  # graph -> {get_next op name: Replay}


@dataclass(frozen=True)
class Replay:
    """How to read one pipeline's records again: its single lift over one file reader."""

    lift: Any  # lifting.Lift
    read: Any  # its upstream readers.FileRead
    width: int  # the batch's components (the lift's first outputs)
    batch_size: int
    name: str  # the pipeline's, for messages
    tensors: tuple[Any, ...]  # the pipeline's batch tensors (its get_next)
    order: Any  # the export of the rows (file names, dequeued rows) of the epochs its input producer began, by epoch
    shuffle: tuple[int, int] | None = None  # a shuffle_batch's (buffer size, op seed): shuffle_replay.py
    graph_seed: int | None = None  # its graph's seed (the shuffle's seeds are the pair)
    allow_smaller: bool = True
    vectorized: bool = False  # its ops run after the batch: the shuffle took the raw records
    others: tuple[Any, ...] = ()  # the lifts of the call's other tensor lists, each over its own reader
    combine: Any = None  # how the pipeline interleaves its lists' datasets, in order (graph_batch._combine)
    one_read: bool = False  # the lists (``others``) share the lift's read, record i to list i % k (one_read_lists.py)
    records: Any = None  # the kept calls of its stateful py_funcs (kept_calls.KeptCalls): the lift records them
    keep: str | None = None  # keep_input's flag after the components: "element" (a scalar) or "row" (a vector)
    many: bool = False  # enqueue_many: each record's components are rows, unbatched after the ops
    padded: bool = False  # dynamic_pad: a batch pads each component to its largest value in the batch

    def _file_names(self, sess: Any) -> np.ndarray:
        """The rows of the epochs the pipeline began (the file names a reader read, or the rows a
        ``dequeue()`` handed on), in the order read (``InputQueue.order_table``), stacked."""
        return epoch_rows(sess.run(self.order), self.read.stream)

    def rows(self, names: np.ndarray) -> Any:
        """``names`` (``_file_names``) as a dataset of rows, in the default graph."""
        stream = self.read.stream
        return tf.data.Dataset.from_tensor_slices(tf.constant(names, stream.dtypes[0], shape=names.shape))

    def _records(self, names: np.ndarray, raw: bool = False) -> Any:
        """The pipeline's records before its batch, read again from the rows ``names`` (the files a reader
        read, the rows a dequeue handed on), in the default graph (``raw``: as read, before the lifted ops)."""
        rows = self.rows(names)
        lifts = (self.lift, *self.others)
        if self.one_read:
            return self._one_read_records(lifts, rows, raw)
        if len(lifts) == 1:
            return self._records_of(self.lift, rows, raw)
        # each list's reader read every k-th file name, the i-th first (graph_batch._reads)
        return self.combine([self._records_of(lift, rows.shard(len(lifts), i), raw) for i, lift in enumerate(lifts)])

    def _one_read_records(self, lifts: tuple[Any, ...], rows: Any, raw: bool, start: int = 0,
                          kept: Any = None) -> Any:
        """The records of lists of one read, read again: record ``i`` through list ``i % k``'s ops (``start``,
        ``kept``: from that record on, the py_funcs' values taken from ``kept``, their calls never made)."""
        if raw:
            return self.read.records_of(rows, with_keys=True)

        def element_fn(lift: Any, j: int) -> Any:
            if kept is not None:
                lift = py_func_records.replaying(lift, self.records, kept)
            produce = lift.function(j)
            return lambda *c: tuple(produce(*c)[:self.width])

        read = lambda: self.read.records_of(rows, with_keys=True)  # noqa: E731
        if kept is None:
            return one_read_lists.split(lifts, read, element_fn, self.combine)
        return one_read_lists.split(lifts, read, element_fn, None, numbered=True, start=start).with_options(
            _no_read_ahead())

    def _records_of(self, lift: Any, rows: Any, raw: bool, start: int = 0, kept: Any = None) -> Any:
        """``lift``'s records read again from the files of ``rows`` (``start``, ``kept``: from that record on,
        its py_funcs' values taken from ``kept``, ``kept_calls.KeptCalls.snapshot``)."""
        up = lift.upstreams[0]
        present = lift._present(up)  # noqa: SLF001 - lifted_graph's layout of the source's components
        records = up.source.records_of(rows, with_keys=0 in present)
        if raw:
            return records
        numbered = bool(lift.number)
        if numbered:  # numbered as the pipeline numbered them; the records before start not made at all
            lift = py_func_records.replaying(lift, self.records, kept)
            records = records.enumerate().skip(start)
        produce = lift.function(0)
        if self.keep is None and not self.many:
            records = records.map(plain(lambda *c: tuple(produce(*c)[:self.width])))
        else:  # legacy's enqueue of the record: the values keep_input kept, each row with enqueue_many
            records = self._filtered(records.map(plain(lambda *c: tuple(produce(*c)[:self.width + 1]))))
        return records.with_options(_no_read_ahead()) if numbered else records

    def _stacked(self, values: list[Any]) -> np.ndarray:
        """One component of the short batch: ``values`` stacked, each first padded as legacy's
        ``PaddingFIFOQueue`` padded a ``dynamic_pad`` batch (to the largest in the batch, with 0 or b"")."""
        values = [np.asarray(v) for v in values]
        if not self.padded or values[0].ndim == 0:
            return np.stack(values)
        shape = np.max([v.shape for v in values], axis=0)
        fill = b"" if values[0].dtype == object else 0
        return np.stack([np.pad(v, [(0, int(m) - d) for m, d in zip(shape, v.shape)], constant_values=fill)
                         for v in values])

    def _filtered(self, records: Any) -> Any:
        """``records`` (the components and keep_input's flag, or with ``enqueue_many`` rows) as the batch took
        them: the kept values, one row at a time with ``enqueue_many`` (``graph_batch._element_stage``)."""
        n = self.width
        if self.keep is None:
            return tf_private.unbatch(records.map(plain(lambda *x: x[:n])))
        if self.keep == "element":
            records = records.filter(plain(lambda *x: x[n])).map(plain(lambda *x: x[:n]))
            return tf_private.unbatch(records) if self.many else records
        return tf_private.unbatch(records).filter(plain(lambda *x: x[n])).map(plain(lambda *x: x[:n]))

    def partial(self, live: Any, error: Any = None) -> list[Any] | None:
        """The records after the last full batch before the failure, each component stacked (``[]`` for
        none), or None where the read again does not fail (the failure was not the records'); ``live``:
        the pipeline's session; ``error``: the pipeline's, which a read again from kept py_func calls must
        meet (else what it read is not known to come before it)."""
        names = self._file_names(live)
        start, kept = 0, None
        if self.records is not None:  # from the first whole batch of what its py_funcs' calls kept
            kept = self.records.snapshot()
            start = self.records.start(kept, self.batch_size)
            if start is None:
                return None
        with tf.Graph().as_default(), tf1.Session() as sess:
            if kept is None:
                records = self._records(names)
            else:
                rows = self.rows(names)
                if self.one_read:  # the lists of one read, record i through list i % k (one_read_lists.split)
                    records = self._one_read_records((self.lift, *self.others), rows, False, start, kept)
                else:
                    records = self._records_of(self.lift, rows, False, start, kept)
            batches = 0
            for per_run in (COUNT_CHUNK, 1):  # whole batches counted COUNT_CHUNK per run, then one per run
                rest = records.skip(batches * self.batch_size)  # (values of several shapes: dynamic_pad's)
                full = (rest.padded_batch if self.padded else rest.batch)(self.batch_size, drop_remainder=True)
                counted = replay_iterator(full.map(plain(lambda *_: 0)).batch(per_run)).get_next()
                try:
                    while True:
                        batches += len(sess.run(counted))
                except tf.errors.OutOfRangeError:
                    return None  # it read to the end: the failure was not in the records
                except tf.errors.OpError as e:
                    if kept is not None and not self._same_failure(e, error):
                        return None  # a record whose py_func call is not kept: the failure is not known

            one = replay_iterator(records.skip(batches * self.batch_size)).get_next()
            good: list[Any] = []
            try:
                for _ in range(self.batch_size):
                    good.append(sess.run(one))
            except tf.errors.OpError as e:
                if kept is not None and not self._same_failure(e, error):
                    return None
                return [self._stacked([g[i] for g in good]) for i in range(self.width)] if good else []
            return None  # (not the same failure: a full batch read this time)

    def _same_failure(self, met: Any, error: Any) -> bool:
        """Whether the read again from kept py_func calls met the pipeline's failure: no call missing, and
        the error's type (its read-ahead may have kept calls of records after the failure)."""
        return not self.records.missing and (error is None or type(met) is type(error))


def epoch_rows(exported: tuple[np.ndarray, np.ndarray], stream: Any) -> np.ndarray:
    """The rows of an order table's export (``InputQueue.order_table``: each epoch's rows serialized, by
    epoch), in epoch order, stacked; ``stream``: the ``InputQueue`` (its row type and shape)."""
    from tensorflow.core.framework import tensor_pb2

    keys, values = exported
    shape = stream.shapes[0].as_list()
    epochs = [tf.make_ndarray(tensor_pb2.TensorProto.FromString(v)).reshape([-1] + shape)
              for _, v in sorted(zip(keys.tolist(), values.tolist()))]
    if not epochs:
        return np.zeros([0] + shape, stream.dtypes[0].as_numpy_dtype)
    return np.concatenate(epochs)


def replay_options() -> Any:
    """Options for every iterator of a read again: ``inject_prefetch`` off, so that a function with an
    ``int32`` result on one device (``single_device.py``) is never taken for a pipeline's output there. An
    error of that rewrite would fail the read again at once, which would then count no records and lose
    the short batch; a prefetch at the end changes no value, so the read again's data are the same."""
    options = tf.data.Options()
    options.experimental_optimization.inject_prefetch = False
    return options


def replay_iterator(dataset: Any) -> Any:
    """``make_one_shot_iterator(dataset)`` for a read again, with ``replay_options``."""
    return tf1.data.make_one_shot_iterator(dataset.with_options(replay_options()))


def _no_read_ahead() -> Any:
    """Options that keep a read again from reading past its failure (a record after it has no kept call)."""
    options = tf.data.Options()
    options.experimental_optimization.apply_default_optimizations = False
    options.experimental_optimization.inject_prefetch = False
    options.autotune.enabled = False
    return options


def keep_order(lifts: list[Any]) -> None:
    """Before the dataset of a pipeline over ``lifts`` that ``register`` will remember is made: its input
    producer keeps the rows it makes in its order table (``InputQueue.keep_order``), which ``register``'s
    export reads after a failure."""
    for lift in lifts:
        stream = getattr(lift.upstreams[0].source, "stream", None) if lift.upstreams else None
        if hasattr(stream, "keep_order"):
            stream.keep_order()


def register(lift: Any, width: int, batch_size: int, name: str, tensors: list[Any], **shuffled: Any) -> None:
    """Remember how to read the records of the pipeline of ``tensors`` again (see ``replayable``);
    ``shuffled``: a shuffle's ``Replay`` fields (``shuffle``, ``graph_seed``, ``allow_smaller``, ``vectorized``)."""
    read = lift.upstreams[0].source
    # the file names of the epochs the pipeline began, as its iterator shuffled them (an export built now:
    # a MonitoredSession finalizes the graph before any run fails)
    table = tf.raw_ops.MutableHashTableV2(shared_name=read.stream.order_table, use_node_name_sharing=False,
                                          key_dtype=tf.int64, value_dtype=tf.string)
    order = tf.raw_ops.LookupTableExportV2(table_handle=table, Tkeys=tf.int64, Tvalues=tf.string)
    with _lock:
        _replays.setdefault(tensors[0].graph, {})[tensors[0].op.name] = Replay(
            lift, read, width, batch_size, name, tuple(tensors), order, **shuffled)


def all_replayable(lifts: list[Any]) -> bool:
    """Whether the records of ``lifts`` together come in an order a read again can repeat: each
    ``replayable``, and several each over a reader of its own of one input producer (interleaved in
    order: ``graph_batch._replayable_order``) or all over one read (``one_read_lists.py``). One lift may
    hold stateful py_funcs, whose calls it then keeps (``py_func_records.py``)."""
    recorded = any(py_func_records.needed(lift) for lift in lifts)
    if recorded and not all(py_func_records.possible(lift) for lift in lifts):
        return False
    if not lifts or not all(replayable(lift, recorded=recorded) for lift in lifts):
        return False
    if len(lifts) == 1 or one_read_lists.applies(lifts):  # (lists of one read: numbered by the one read)
        return True
    if recorded:  # lists over readers of their own: each numbers its own records (not built)
        return False
    reads = [lift.upstreams[0].source for lift in lifts]
    return len({id(r) for r in reads}) == len(reads) and len({id(r.stream) for r in reads}) == 1


def replayable(lift: Any, recorded: bool = False) -> bool:
    """Whether ``lift``'s records come in an order a read again can repeat: pure ops over one ``FileRead``
    or ``ValueRead`` (a ``dequeue()``) of an input producer, whose rows are kept in the order read
    (``InputQueue.order_table``); with
    ``num_threads`` > 1 the pipeline's parallel calls then deliver in order (``graph_batch``).
    ``recorded``: its stateful py_funcs' calls are kept (``py_func_records.py``), not made again."""
    from tfdata_bridge._src.compat.input_producers import InputQueue, ValueRead
    from tfdata_bridge._src.compat.readers import FileRead

    if len(lift.upstreams) != 1 or not (lift.pure or _repeatable_ops(lift, recorded)) or lift.python_producers:
        return False
    read = lift.upstreams[0].source
    # a reader's records, or the rows of an input producer's (or a slice_input_producer's) dequeue()
    return isinstance(read, (FileRead, ValueRead)) and isinstance(read.stream, InputQueue)


def _repeatable_ops(lift: Any, recorded: bool = False) -> bool:
    """Whether ``lift``'s only stateful ops are random ops (and checks), and its only Python ops declared
    stateless (``py_func(..., stateful=False)``, which TensorFlow itself may call again): a read again
    repeats its records and where each fails, and draws the random values afresh. The records it
    delivers (those after the last full batch) never reached the consumer, so new draws are as legacy's
    single draw; with seeded ops and one call at a time, the read again from the first record draws
    the same values as the pipeline. A stateful ``py_func`` is not called again (its side effects would
    repeat for every record read before the failure), unless ``recorded``: its values are taken from what
    its calls kept (``py_func_records.py``)."""
    ops = {node.op for node in lift.graph_def.node}
    stateful = {op for op in ops if tf_private.op_is_stateful(op)}
    calls = py_func_records.RECORDED_OPS if recorded else frozenset()
    return (stateful <= op_types.RANDOM_OPS | op_types.CHECK_OPS | calls
            and ops & op_types.PY_FUNC_OPS <= {"PyFuncStateless"} | calls and not len(lift.graph_def.library.function))


def failed(graph: Any, error: Any) -> Replay | None:
    """The replay of the pipeline ``error`` passed through, or None; none once its input producer is
    shared (its records then came from TensorFlow's queue, in an order no fresh read repeats)."""
    with _lock:
        ours = dict(_replays.get(graph, {}))
    names = pipelines.failed_pipelines(error, list(ours))
    if not names:
        return None
    replay = ours[names[-1]]
    return None if replay.read.stream.shared else replay
