"""The drop-in readers: ``TFRecordReader``, ``TextLineReader``, ``FixedLengthRecordReader``,
``WholeFileReader``, ``IdentityReader`` and ``ReaderBase`` (also under ``tf.io``), with TensorFlow
1.x's signatures.

In graph mode, ``reader.read(queue)`` on a queue whose file names the bridge can read in tf.data (an
input producer's ``InputQueue``, or a drop-in queue that a program fills itself) returns the
``(key, value)`` of a native dataset: the file names, each file's records in order
(``record_datasets.py``), one file after another as the legacy reader reads them. Run on their own,
``key`` and ``value`` are the ``get_next()`` of a one-shot iterator over those records, shared by every
``read()`` of that reader on that queue; handed to ``tf.train.batch`` and friends, they are frontier
tensors (``frontier.py``) and the ops between them and the batch lift into the records' ``map``.
Several ``read()`` calls over one input producer in one ``batch_join`` split its file names between
them, as legacy readers sharing a queue did, so each record is read once per epoch. Where an input
producer has several consumers otherwise (readers in several batches or fetched directly, a
``dequeue()`` beside a reader, lists of a ``batch_join`` sharing one ``read()``), it becomes one shared
stream when the graph first runs (``shared_streams.py``): each reader then reads through its own
TensorFlow reader kernel from the producer's TensorFlow queue, reached from inside tf.data by
``shared_name``, and each record goes to exactly one consumer.

``read_up_to(queue, n)`` gives up to ``n`` records of one file at a time, as legacy. Over a drop-in
queue, a read past the end raises legacy's ``OutOfRangeError`` with the queue's text.

Any other queue (TensorFlow's own, or a queue handle tensor) is read by TensorFlow's own reader, made
on first use. The reader's state counters and state snapshots describe a reader op that the native
path does not have: ``num_records_produced``, ``num_work_units_completed``, ``serialize_state``,
``restore_state`` and ``reset`` go to TensorFlow's own reader. Asked for before the reader's first
``read()`` (as TensorFlow's own reader tests do), they make every read of that reader TensorFlow's own
(an input producer's files through its ``tensorflow_queue()``), so the state is legacy's, at legacy's
speed. The counts asked for after reads through tf.data over input producers not yet run share those
producers' streams (``shared_streams.share``): each read then goes through the reader's TensorFlow kernel,
whose counts are legacy's. Otherwise (a snapshot, another queue, a graph that already ran) they raise
``NotImplementedError`` saying what to do.
"""

from __future__ import annotations

import collections
import contextlib
import functools
import inspect
import threading
from collections.abc import Iterator, Sequence
from typing import Any

from tfdata_bridge._src.compat import frontier, pending_reads, record_counts, shared_streams
from tfdata_bridge._src import tf_private
from tfdata_bridge._src.compat.input_producers import EAGER_FIX, InputQueue, standalone_iterator
from tfdata_bridge._src.compat.notice import notice
from tfdata_bridge._src.compat.record_datasets import ReaderConfig, records
from tfdata_bridge._src.tf import plain, tf
from tfdata_bridge._src.symbols import reader_dropin

tf1 = tf.compat.v1

# reader datasets an endless list's read is made of at most by FileRead._static_records (beyond: the flat_map); a
# list of epochs takes it for one epoch of one reader dataset only. Measured (benchmarks/README.md, wip/tracing2,
# one process, the two forms alternated): without an epoch map it cost 0.70-0.90 of the flat_map's build; with
# one, each epoch's take/unbatch/concatenate (and each skipped header file's dataset) cost more than the trace it
# saves: 1 epoch 0.93-0.98, 2 epochs 1.04-1.07, 5 epochs 1.44, header lines 1.08-1.36
STATIC_SEGMENTS = 3
EAGER_REFUSAL = ("Readers are not supported when eager execution is enabled. Instead, please use tf.data to get "
                 "data into your model. " + EAGER_FIX)


class _Building(threading.local):
    """What the batch pipeline this thread builds now asks of its file reads (``file_reads``)."""

    splittable = False
    fast: list[str] | None = None


_building = _Building()


@contextlib.contextmanager
def file_reads(splittable: bool) -> Iterator[list[str]]:
    """The file reads of the pipeline built under it: with ``splittable``, every read keeps the per-file
    ``flat_map`` over a dataset of names, which the tf.data service's dynamic sharding splits (it hands
    the workers the names' source a split at a time); without, a read of a known file list may read it
    with reader datasets over constants (``FileRead._static_records``: no traced function per file), a
    source the service cannot split ("not unary"). Yields a list that gets the reader's name for each read
    that did: a pipeline built with any must be built again under ``file_reads(True)`` wherever it leaves
    this process (``pipeline_datasets.Made.portable``)."""
    before = _building.splittable, _building.fast
    _building.splittable, _building.fast = splittable, []
    try:
        yield _building.fast
    finally:
        _building.splittable, _building.fast = before


class FileRead:
    """A frontier source: the ``(key, value)`` records a reader reads from a stream of file names, one
    record per read (``method="read"``) or up to ``n`` of one file (``"read_up_to"``)."""

    width = 2

    def __init__(self, reader: ReaderBase, queue: Any, method: str, n: int | None) -> None:
        self.reader = reader
        self.stream = queue if isinstance(queue, InputQueue) else None  # a queue kernel shares by itself
        self._queue = queue
        self._method = method
        self._n = n

    def describe(self) -> str:
        return f"{type(self.reader).__name__} {self.reader.name!r}"

    def present(self, needed: frozenset[int]) -> tuple[int, ...]:
        return (0, 1) if 0 in needed else (1,)

    def dataset(self, needed: frozenset[int] | None = None, shard: tuple[int, int] = (0, 1), chunk: int = 1) -> Any:
        """The records (``needed``: the components some op reads; ``shard``: the share of the file names
        to read). ``chunk``: where the stream is shared, how many records one read of the reader kernel
        may take (up to that many of one file, ``read_up_to``), for a consumer that buffers them anyway (a
        batch pipeline): one kernel call per record cost the shared pipeline half its speed."""
        with_keys = needed is None or 0 in needed
        if self.stream is not None and self.stream.shared:
            return self._kernel_records(with_keys, chunk)
        if not with_keys and self._method == "read" and not _building.splittable:
            static = self._static_records(shard)
            if static is not None:
                if _building.fast is not None:
                    _building.fast.append(self.describe())
                return static
        return self.records_of(_file_names(self._queue, shard), with_keys)

    def few_records(self) -> bool:
        """Whether every record this read gives is known now to be few (``record_counts``): a
        ``TFRecordReader`` (uncompressed) or ``TextLineReader``, one record per read, over an input producer
        of a known file list and number of epochs."""
        config = self.reader._tfdb_config  # noqa: SLF001 - one family of classes
        queue = self._queue
        if (self._method != "read" or not isinstance(queue, InputQueue) or queue.num_epochs is None
                or config.kind not in ("TFRecordReader", "TextLineReader") or config.compression):
            return False
        names = queue.known_rows()
        if names is None or names.dtype.kind not in "SUO":
            return False
        return record_counts.at_most(config.kind, list(names), queue.num_epochs)

    def _static_records(self, shard: tuple[int, int] = (0, 1)) -> Any:
        """The values (no keys) of a ``TFRecordReader`` or ``TextLineReader`` over an input producer whose files
        are the same known list every epoch (``InputQueue.static_rows``), read without a traced function per
        file: each epoch's files by one reader dataset over the list (a ``TextLineReader`` that skips header
        lines: one per file, skipped, concatenated), after the epoch's start (``InputQueue.epoch_starts``: the
        epoch counter, the order table), all concatenated; with ``shard`` ``(i, k)``, the files ``i``, ``i + k``,
        ... of the epochs one after another, as ``rows.shard(k, i)`` gives them. Reader datasets open each file
        when they reach it, so an error reading one comes after every record before it, as from the per-file
        ``flat_map``. None where that does not apply, or costs more than the flat_map: several epochs, header
        lines skipped in a list of epochs, more than ``STATIC_SEGMENTS`` reader datasets."""
        config = self.reader._tfdb_config  # noqa: SLF001 - one family of classes
        queue = self._queue
        if config.kind not in ("TFRecordReader", "TextLineReader") or not isinstance(queue, InputQueue):
            return None
        files = queue.static_rows()
        if files is None or files.dtype.kind not in "SUO":
            return None
        per_file = config.kind == "TextLineReader" and config.skip_header_lines > 0
        epochs = queue.num_epochs
        index, count = shard
        if epochs is None:  # (no epoch counter, no order table: static_rows)
            if count > 1:
                return None
            lists = {0: list(files)}
        elif epochs > 1 or per_file:  # (an epoch map traced anyway: more ops than the trace they save)
            return None
        else:
            lists = {0: list(files)[index::count]}
        if not lists[0] or sum(len(names) if per_file else 1 for names in lists.values()) > STATIC_SEGMENTS:
            return None  # (no name for this reader: the flat_map over none)

        def epoch_records(names: list[Any]) -> Any:
            if config.kind == "TFRecordReader":
                return tf_private.one_file_records("TFRecord", tf.constant(names), config.compression)
            if not per_file:
                return tf_private.one_file_records("TextLine", tf.constant(names))
            one = [tf_private.one_file_records("TextLine", tf.constant(f)).skip(config.skip_header_lines)
                   for f in names]
            return functools.reduce(lambda a, b: a.concatenate(b), one)

        with tf1.device("/device:CPU:0"):
            if epochs is None:
                return epoch_records(lists[0]).repeat()
            starts = queue.epoch_starts()
            made = [tf_private.unbatch(starts.take(e + 1)).concatenate(epoch_records(names))
                    for e, names in sorted(lists.items())]
            return functools.reduce(lambda a, b: a.concatenate(b), made)

    def records_of(self, file_names: Any, with_keys: bool) -> Any:
        """The records this reader reads from the files of ``file_names`` (a dataset of names), in order;
        also the read again of a failed pipeline (``partial_replay.py``)."""
        config = self.reader._tfdb_config  # noqa: SLF001 - one family of classes
        if config.kind == "TFRecordReader" and not with_keys and self._method == "read":
            # TensorFlow's own flat_map over the names (TFRecordDataset takes a dataset of them): one function
            # to trace before the first batch, not ours around the one TFRecordDataset makes for each name
            return tf.data.TFRecordDataset(file_names, compression_type=config.compression)

        def per_file(filename: Any) -> Any:
            recs = records(config, filename, with_keys)
            return recs.batch(self._n) if self._method == "read_up_to" else recs

        return file_names.flat_map(plain(per_file))  # (no AutoGraph: nothing in it to convert)

    def _kernel_records(self, with_keys: bool, chunk: int = 1) -> Any:
        """The records TensorFlow's reader kernel of this reader hands this consumer, reading the file names
        of the shared input producer's queue (``shared_streams.py``): each record goes to one consumer."""
        own = self.reader._shared_own()  # noqa: SLF001 - one family of classes
        reader_handle = shared_streams.reopen(own.reader_ref)
        queue_handle = shared_streams.reopen(self.stream.tensorflow_queue().queue_ref)
        n = self._n if self._n is not None or chunk <= 1 else chunk

        def read(_: Any) -> Any:
            if n is None:
                keys, values = tf.raw_ops.ReaderReadV2(reader_handle=reader_handle(), queue_handle=queue_handle())
            else:
                keys, values = tf.raw_ops.ReaderReadUpToV2(reader_handle=reader_handle(), queue_handle=queue_handle(),
                                                           num_records=n)
            return (keys, values) if with_keys else values

        # tf.compat.v1's map ends the dataset at the OutOfRangeError of a closed, drained queue
        records_ = tf1.data.Dataset.from_tensors(0).repeat().map(plain(read))
        return tf_private.unbatch(records_) if self._n is None and n is not None else records_

    def tensorflow_read(self) -> tuple[Any, Any]:
        """This read as TensorFlow's own reader op (the reader's arguments) on the input producer's
        ``tensorflow_queue()``: legacy's read, for ``use_tensorflow_readers``."""
        with tf1.device("/device:CPU:0"), tf_private.silenced_deprecations():
            own = self.reader._shared_own()  # noqa: SLF001 - one family of classes
            queue = self._queue.tensorflow_queue()
            if self._method == "read_up_to":
                return own.read_up_to(queue, self._n)
            return own.read(queue)


# what TensorFlow's reader ops return: named pairs (``reader.read(queue).value``, ``read_up_to(...).keys``)
ReaderReadV2 = collections.namedtuple("ReaderReadV2", ["key", "value"])
ReaderReadUpToV2 = collections.namedtuple("ReaderReadUpToV2", ["keys", "values"])

_COUNTS = ("num_records_produced", "num_work_units_completed")  # a shared stream's kernel counts as legacy's


def use_tensorflow_readers(tensors: Sequence[Any]) -> list[Any]:
    """Move the drop-in reads that ``tensors`` are computed from onto TensorFlow's own reader ops; return
    ``tensors`` with any that was a read's key or value replaced by the new op's.

    For a producer that stays in legacy TensorFlow (``fallback.py``): it runs once per element, in a
    runner thread's ``sess.run``, and there a reader op costs less than a tf.data iterator's ``get_next``
    (measured: about 16 µs more CPU per element through the iterator, a sixth of the whole pipeline's).
    Each read over an input producer becomes ``read()`` of TensorFlow's reader with the same arguments on
    the producer's ``tensorflow_queue()``, which is legacy's pipeline; the ops that took the read's key
    and value take the new op's. Reads that cannot move (another kind of queue, a TensorFlow without
    edge updates) keep their iterator, which gives the same records."""
    tensors = list(tensors)
    if not tensors or not hasattr(tensors[0].op, "_update_input"):
        return tensors
    reads: dict[str, tuple[Any, FileRead]] = {}
    seen: set[str] = set()
    stack: list[Any] = []

    def visit(tensor: Any) -> None:  # a read over an input producer stops the walk; else walk on
        entry = frontier.lookup(tensor)
        if entry is not None and isinstance(entry.source, FileRead) and isinstance(entry.source.stream, InputQueue):
            reads.setdefault(tensor.op.name, (tensor.op, entry.source))
        else:
            if entry is not None and getattr(entry.source, "stream", None) is not None:
                shared_streams.run_by_legacy([tensor])  # (a dequeue() this producer's enqueue op runs)
            stack.append(tensor.op)

    for tensor in tensors:
        visit(tensor)
    while stack:
        op = stack.pop()
        if op.name in seen:
            continue
        seen.add(op.name)
        for tensor in op.inputs:
            visit(tensor)
        stack.extend(op.control_inputs)
    moved: dict[str, Any] = {}
    for op, source in reads.values():
        shared_streams.claim(op.outputs)  # (first: the queue's runner, a consumer, then finds the read taken over)
        replacements = source.tensorflow_read()
        for output, replacement in zip(op.outputs, replacements):
            moved[output.name] = replacement
            for consumer in output.consumers():
                for index, tensor in enumerate(list(consumer.inputs)):
                    if tensor is output:
                        tf_private.update_input(consumer, index, replacement)
        frontier.register(list(replacements), source)
    return [moved.get(t.name, t) for t in tensors]


def _file_names(queue: Any, shard: tuple[int, int]) -> Any:
    if isinstance(queue, InputQueue):
        return queue.dataset(shard)
    from tfdata_bridge._src.compat.graph_queues import element_dataset

    return element_dataset(queue)


def _native(queue: Any) -> bool:
    """Whether the file names in ``queue`` can be read inside tf.data."""
    if isinstance(queue, InputQueue):
        return True
    return (getattr(queue, "_tfdb_reopen", None) is not None and len(queue.dtypes) == 1
            and tf.as_dtype(queue.dtypes[0]) == tf.string)


class ReaderBase:
    """``tf.compat.v1.ReaderBase``: a reader whose records come from tf.data where it can (see the
    module docstring). ``ReaderBase(reader_ref)`` over a reader op made elsewhere is TensorFlow's own."""

    _tfdb_kind = "ReaderBase"

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        signature = inspect.signature(cls.__init__)  # the constructor's parameters, not __new__'s
        cls.__signature__ = signature.replace(parameters=list(signature.parameters.values())[1:])

    def __new__(cls, *args: Any, **kwargs: Any) -> Any:
        if tf.executing_eagerly():
            raise RuntimeError(EAGER_REFUSAL)
        notice(cls._tfdb_kind, stacklevel=2)
        if cls is ReaderBase:
            return tf1.ReaderBase(*args, **kwargs)
        return super().__new__(cls)

    def __init__(self, config: ReaderConfig, name: str | None, supports_serialize: bool = False) -> None:
        self._tfdb_config = config
        self._name = name or config.kind
        self._supports_serialize = supports_serialize
        self._tf_reader: Any = None
        self._iterators: dict[tuple[int, str, int | None], Any] = {}
        self._native_reads = 0
        self._sources: list[FileRead] = []  # the native reads, for a count asked after them (_stateful)
        self._state_asked = False  # a state op was made before any native read: TensorFlow's reader reads

    name = property(lambda self: self._name)
    supports_serialize = property(lambda self: self._supports_serialize)

    @property
    def reader_ref(self) -> Any:
        """TensorFlow's reader op, made on first use (the native path needs none)."""
        return self._own().reader_ref

    def _own(self) -> Any:
        """TensorFlow's own reader with this reader's arguments, made on first use."""
        if self._tf_reader is None:
            self._tf_reader = self._tfdb_make_own()
        return self._tf_reader

    def _tfdb_make_own(self) -> Any:
        raise NotImplementedError

    def _shared_own(self) -> Any:
        """``_own()``, its kernel named so that tf.data functions can reach it (``shared_streams.reopen``):
        the one reader kernel all of this reader's reads share, as legacy's reader op was."""
        own = self._own()
        op = own.reader_ref.op
        if not op.get_attr("shared_name"):
            tf_private.set_attr(op, "shared_name", tf1.AttrValue(s=shared_streams.unique_name("reader").encode()))
        return own

    def read(self, queue, name=None):
        """The next record ``(key, value)``: two scalar strings."""
        if not _native(queue) or self._state_asked:
            return self._own().read(self._kernel_queue(queue), name=name)
        return self._read(queue, "read", None, name)

    def read_up_to(self, queue, num_records, name=None):
        """Up to ``num_records`` records ``(keys, values)`` of one file: two string vectors."""
        if not _native(queue) or self._state_asked:
            return self._own().read_up_to(self._kernel_queue(queue), num_records, name=name)
        n = tf.get_static_value(num_records)
        if n is None:
            raise ValueError(f"read_up_to(queue, num_records={num_records!r}) needs num_records known when the graph "
                             "is built (an int or a constant) to read through tf.data; pass an int")
        return self._read(queue, "read_up_to", int(n), name)

    def _read(self, queue: Any, method: str, n: int | None, name: str | None) -> tuple[Any, Any]:
        """The read's tensors as TensorFlow's reader gives them: a named pair (``read(q).value``, ``.keys``)."""
        source = FileRead(self, queue, method, n)
        key = (id(queue), method, n)
        if key not in self._iterators:
            consumer = iterator = None
            if source.stream is not None and not source.stream.shared and pending_reads.deferrable():
                # built when the graph first runs, if then still read (pending_reads.py): most reads are only
                # consumed through a batch that lifts them, with a dataset of its own
                iterator = pending_reads.PendingReads(queue, batched=method == "read_up_to")
                consumer = shared_streams.consumer(source.stream, f"{source.describe()}'s {method}()", None,
                                                   source.dataset, pending=True)
                consumer.iterator, consumer.connect = iterator.stand_in, iterator.connect
            else:
                with tf1.device("/device:CPU:0"):
                    iterator = standalone_iterator(source.dataset())
                if source.stream is not None:  # one stream, several consumers: shared_streams.py
                    consumer = shared_streams.consumer(source.stream, f"{source.describe()}'s {method}()", None,
                                                       source.dataset)
                    # (its reads' tensors come out of a cond: the op is found here)
                    consumer.iterator = iterator.string_handle().op.inputs[0].op
            self._iterators[key] = iterator, consumer
        iterator, consumer = self._iterators[key]
        name = name or f"{self._name}_{'ReaderReadV2' if n is None else 'ReaderReadUpToV2'}"
        if isinstance(iterator, pending_reads.PendingReads):
            keys, values = iterator.read(name)
        else:
            # at the end, legacy's text: its filename queue closed and drained (a drop-in queue has no shared
            # stream: its kernel shares by itself)
            with tf.name_scope(name):
                keys, values = pending_reads.ending_as_the_queue(iterator, queue)
        if consumer is not None:
            shared_streams.add_op(consumer, keys.op)
        frontier.register([keys, values], source)
        self._native_reads += 1
        self._sources.append(source)
        return ReaderReadV2(keys, values) if n is None else ReaderReadUpToV2(keys, values)

    @staticmethod
    def _kernel_queue(queue: Any) -> Any:
        """What TensorFlow's own reader reads for ``queue``: an input producer's ``tensorflow_queue()``,
        or the queue itself (a drop-in queue keeps its elements in TensorFlow's queue kernel)."""
        with tf_private.silenced_deprecations():
            return queue.tensorflow_queue() if isinstance(queue, InputQueue) else queue

    # -- reader state: only TensorFlow's own reader has it
    def _stateful(self, what: str, *args: Any, **kwargs: Any) -> Any:
        if not self._native_reads:
            self._state_asked = True
            return getattr(self._own(), what)(*args, **kwargs)
        if what in _COUNTS and self._count_through_kernel(what):
            return getattr(self._shared_own(), what)(*args, **kwargs)
        raise NotImplementedError(
            f"{type(self).__name__} {self._name!r}: {what}() describes a reader op's state, and this reader reads "
            f"through tf.data (a {reader_dropin(self._tfdb_config.kind)}), which keeps none; count what your program "
            "takes from the batch instead, or checkpoint the input with tf.train.Checkpoint over a tf.data iterator "
            f"(or make the {what}() op before the reader's first read(), to have TensorFlow's own reader read, at "
            "legacy speed)"
        )

    def _count_through_kernel(self, what: str) -> bool:
        """A count asked for after reads through tf.data: where every read is over an input producer not yet
        run, its stream is shared now (``shared_streams.share_now``): each read goes through this reader's
        TensorFlow kernel, whose count is then legacy's. False where that cannot
        be (another queue; the graph already ran): the caller raises."""
        streams = {id(s.stream): s.stream for s in self._sources}
        if None in streams.values() or any(c is not None and c.settled for _, c in self._iterators.values()):
            return False
        for stream in streams.values():
            if not stream.shared:
                shared_streams.share_now(stream, f"{type(self).__name__} {self._name!r}'s {what}() counts what "
                                                 "its TensorFlow reader kernel reads", stacklevel=4)
        return True

    def num_records_produced(self, name=None):
        """TensorFlow's own reader's count (not available on the native path: ``NotImplementedError``)."""
        return self._stateful("num_records_produced", name=name)

    def num_work_units_completed(self, name=None):
        """TensorFlow's own reader's count (not available on the native path: ``NotImplementedError``)."""
        return self._stateful("num_work_units_completed", name=name)

    def serialize_state(self, name=None):
        """TensorFlow's own reader's state (not available on the native path: ``NotImplementedError``)."""
        return self._stateful("serialize_state", name=name)

    def restore_state(self, state, name=None):
        """Restores TensorFlow's own reader (not available on the native path: ``NotImplementedError``)."""
        return self._stateful("restore_state", state, name=name)

    def reset(self, name=None):
        """Resets TensorFlow's own reader (not available on the native path: ``NotImplementedError``)."""
        return self._stateful("reset", name=name)


ReaderBase.__signature__ = inspect.signature(tf1.ReaderBase)  # ReaderBase(...) is TensorFlow's own

class TFRecordReader(ReaderBase):
    """``tf.compat.v1.TFRecordReader``: records of TFRecord files (``options``: a ``TFRecordOptions`` or
    compression string: none, GZIP, ZLIB), through ``tf.data.TFRecordDataset``."""

    _tfdb_kind = "TFRecordReader"

    def __init__(self, name=None, options=None):
        compression = tf1.python_io.TFRecordOptions.get_compression_type_string(options) or ""
        super().__init__(ReaderConfig(self._tfdb_kind, compression=compression), name)
        self._options = options

    def _tfdb_make_own(self) -> Any:
        return tf1.TFRecordReader(name=self._name, options=self._options)


class TextLineReader(ReaderBase):
    """``tf.compat.v1.TextLineReader``: the lines of text files (newline stripped), after
    ``skip_header_lines`` lines of each, through ``tf.data.TextLineDataset``."""

    _tfdb_kind = "TextLineReader"

    def __init__(self, skip_header_lines=None, name=None):
        skip = int(skip_header_lines or 0)
        if skip < 0:
            raise ValueError(f"skip_header_lines ({skip_header_lines}) must be >= 0")
        super().__init__(ReaderConfig(self._tfdb_kind, skip_header_lines=skip), name)

    def _tfdb_make_own(self) -> Any:
        return tf1.TextLineReader(skip_header_lines=self._tfdb_config.skip_header_lines or None, name=self._name)


class FixedLengthRecordReader(ReaderBase):
    """``tf.compat.v1.FixedLengthRecordReader``: records of ``record_bytes`` every ``hop_bytes`` (default
    ``record_bytes``) between a header and a footer, of plain, GZIP or ZLIB files, bytes after the last
    whole record ignored as legacy ignores them: slices of each file (``record_datasets.py``)."""

    _tfdb_kind = "FixedLengthRecordReader"

    def __init__(self, record_bytes, header_bytes=None, footer_bytes=None, hop_bytes=None, name=None, encoding=None):
        values = dict(record_bytes=record_bytes, header_bytes=header_bytes or 0, footer_bytes=footer_bytes or 0,
                      hop_bytes=hop_bytes or 0)
        for arg, value in values.items():
            if not isinstance(value, int) or value < (1 if arg == "record_bytes" else 0):
                raise ValueError(f"{arg} ({value!r}) must be an int >= {1 if arg == 'record_bytes' else 0}")
        compression = (encoding or "").upper()
        if compression not in ("", "GZIP", "ZLIB"):
            raise ValueError(f"encoding ({encoding!r}) must be None, 'GZIP' or 'ZLIB'")
        super().__init__(ReaderConfig(self._tfdb_kind, compression=compression, **values), name)
        self._encoding = encoding

    def _tfdb_make_own(self) -> Any:
        c = self._tfdb_config
        return tf1.FixedLengthRecordReader(c.record_bytes, header_bytes=c.header_bytes or None,
                                           footer_bytes=c.footer_bytes or None, hop_bytes=c.hop_bytes or None,
                                           name=self._name, encoding=self._encoding)


class WholeFileReader(ReaderBase):
    """``tf.compat.v1.WholeFileReader``: one record per file, ``(file name, contents)``, through
    ``tf.io.read_file``."""

    _tfdb_kind = "WholeFileReader"

    def __init__(self, name=None):
        super().__init__(ReaderConfig(self._tfdb_kind), name, supports_serialize=True)

    def _tfdb_make_own(self) -> Any:
        return tf1.WholeFileReader(name=self._name)


class IdentityReader(ReaderBase):
    """``tf.compat.v1.IdentityReader``: each work string as both key and value."""

    _tfdb_kind = "IdentityReader"

    def __init__(self, name=None):
        super().__init__(ReaderConfig(self._tfdb_kind), name, supports_serialize=True)

    def _tfdb_make_own(self) -> Any:
        return tf1.IdentityReader(name=self._name)
