"""The drop-in input producers: ``string_input_producer``, ``input_producer``, ``range_input_producer``,
``slice_input_producer``, ``limit_epochs`` and ``match_filenames_once`` (with TensorFlow 1.x's
signatures, defaults, checks and messages; also under ``tf.train`` and ``tf.io``).

In graph mode a producer builds the same per-epoch ops legacy TensorFlow builds (the rows, the
``Assert`` that the string list is not empty, the ``random_shuffle`` with the given seed), but no
queue and no ``QueueRunner``: it returns an ``InputQueue``, whose rows are a native tf.data source,
``Dataset.range(num_epochs).map(<the lifted per-epoch ops>).unbatch()``. The random shuffle op is
the legacy one, run once per epoch with the legacy seeds, so a seeded producer gives the files in
legacy's order, a new permutation each epoch, and every row once per epoch.

A drop-in reader's ``read(queue)`` reads the files of an ``InputQueue`` with ``TFRecordDataset`` and
friends (``readers.py``); ``queue.dequeue()`` gives one row. Both are frontier tensors
(``frontier.py``): a ``tf.train.batch`` over what is computed from them lifts into the map of a
dataset over the files, and nothing Python runs.

Its consumers compete for its rows, as legacy's did: with several (``dequeue_many`` and ``dequeue``, two
readers, a reader and a ``dequeue``), the rows go through ``tensorflow_queue()`` and each goes to one
of them (``shared_streams.py``); with one, the native source is read directly.

``num_epochs`` needs no ``local_variables_initializer()`` here. The epoch counter legacy keeps (the
local variable ``<name>/limit_epochs/epochs``) is still created and is set, once it is initialized,
to the number of epochs the source has started, as legacy's ``count_up_to`` counts them.

Where the rows cannot move into tf.data (they read a placeholder or a variable other than
``match_filenames_once``'s), TensorFlow's own producer (queue and ``QueueRunner``) is kept, with one
``FallbackWarning`` naming the op.
"""

from __future__ import annotations

import warnings
import weakref
from collections.abc import Callable
from typing import Any

from tfdata_bridge._src.compat import (epoch_limit, frontier, lifted_graph, lifted_runners, lifting, pipelines,
                                        shared_streams)
from tfdata_bridge._src import tf_private
from tfdata_bridge._src.compat.graph_tables import GraphTable
from tfdata_bridge._src.compat.notice import notice
from tfdata_bridge._src.tf import plain, tf
from tfdata_bridge._src.warnings import FallbackWarning

tf1 = tf.compat.v1
ENDLESS = 2**63 - 1

# TensorFlow's message, then the fix for a legacy program run through the drop-in on TensorFlow 2
EAGER_FIX = ("To run a legacy graph-mode program through the drop-in, call "
             "tf.compat.v1.disable_eager_execution() at the top of the program, before building the graph; or "
             "migrate it to tf.data with `tfdata-bridge migrate --to tfdata`.")
EAGER_REFUSAL = ("Input pipelines based on Queues are not supported when eager execution is enabled. "
                 "Please use tf.data to ingest data into your model instead. " + EAGER_FIX)
NOT_NULL = "string_input_producer requires a non-null input tensor"

# match_filenames_once's variables -> the pattern they were initialized from (see _rows_source).
_patterns: weakref.WeakKeyDictionary[Any, Any] = weakref.WeakKeyDictionary()


class InputQueue:
    """What an input producer returns in graph mode: the rows of ``rows`` (one epoch; evaluated afresh,
    so reshuffled, each epoch), ``num_epochs`` times, as a native tf.data source.

    It has the read side of a queue: ``dequeue()`` (one row), ``dequeue_many(n)``, ``dequeue_up_to(n)``,
    ``dtypes``, ``shapes``, ``names``, ``name``; and ``close()`` and ``size()`` for programs that call
    them. A drop-in reader takes it in ``read(queue)``. TensorFlow's own readers and ops that need a
    queue resource (``queue_ref``) cannot take it: read it with the drop-in's readers.
    """

    def __init__(self, rows: Any, lift: lifting.Lift, element_shape: Any, num_epochs: int | None,
                 capacity: int, name: str, epochs_variable: Any) -> None:
        self._rows = rows
        self._lift = lift
        self._num_epochs = num_epochs
        self._epochs_variable = epochs_variable
        self.capacity = capacity
        self._name = name
        self._dtypes = [rows.dtype.base_dtype]
        self._shapes = [tf.TensorShape(element_shape)]
        self._standalone: dict[Any, Any] = {}
        # _direct's, per shard, each traced once; (0, 0): the rows the shares of several readers split
        self._rows_datasets: dict[tuple[int, int], Any] = {}
        self._keep_order = False  # each epoch's rows go into order_table too (keep_order)
        self._rows_ordered = False  # the rows of _rows_datasets go into it
        self._tf_queue: Any = None
        self.runner: Any = None  # the QueueRunner that fills tensorflow_queue()
        self._shared = False
        self._static: Any = None  # one epoch's rows, where every epoch's are these, known now (static_rows)
        self._known: Any = None  # one epoch's rows in some order, known now (a constant, shuffled or not)
        self._starts: Any = None  # epoch_starts' dataset, made once

    name = property(lambda self: self._name)
    dtypes = property(lambda self: self._dtypes)
    shapes = property(lambda self: self._shapes)
    names = property(lambda self: None)
    num_epochs = property(lambda self: self._num_epochs)

    @property
    def queue_ref(self) -> Any:
        raise TypeError(
            f"input producer {self._name!r} runs on tf.data through tfdata_bridge and has no queue resource "
            "(queue_ref); read it with the drop-in's readers (tfdata_bridge.compat.v1.TFRecordReader and "
            "friends) or its dequeue(), not with TensorFlow's own reader or queue ops"
        )

    def dataset(self, shard: tuple[int, int] = (0, 1)) -> Any:
        """The rows, epoch after epoch, as a dataset (``shard``: the ``(index, count)`` share of them). Once
        the producer is shared by several consumers (``shared_streams.py``), the rows TensorFlow's queue
        hands this consumer instead (``shard`` no longer applies: the queue shares them out)."""
        if self._shared:
            return self.kernel_rows("dequeue", None)
        return self._direct(shard)

    def _direct(self, shard: tuple[int, int] = (0, 1), begun: bool = False) -> Any:
        """The rows read directly (made once per shard: a dequeue(), a reader and the batch that lifts them
        read the same dataset, each through its own iterator, so the epoch map is traced once, not per use).
        ``begun``: each epoch also goes into the table of epochs begun (``epochs_dataset``), for the rows that
        fill ``tensorflow_queue()``, the only ones whose epochs ``epoch_counter_catch_up`` reads."""
        if self._keep_order and not self._rows_ordered:  # (rows made before a read again needed their order)
            self._rows_datasets.clear()
        key = (shard, begun)
        if key not in self._rows_datasets:
            index, count = shard
            # (shares split one order of the rows: their iterators' random ops seeded alike, ``pinned_seeds``)
            whole = ((0, 1) if count == 1 else (0, 0), begun)
            rows = self._rows_datasets.get(whole)
            if rows is None:
                lift = self._lift if count == 1 else lifted_graph.pinned_seeds(self._lift)
                with tf1.device("/device:CPU:0"):
                    rows = tf_private.unbatch(epochs_dataset(lift, self._num_epochs, self._epochs_variable,
                                                             self.order_table if self._keep_order else None,
                                                             begun=begun))
                self._rows_datasets[whole] = rows
                self._rows_ordered = self._keep_order
            if count > 1:
                self._rows_datasets[key] = rows.shard(count, index)
        return self._rows_datasets[key]

    def static_rows(self) -> Any:
        """One epoch's rows as a numpy array, where every epoch gives these same rows and they are known now
        (a constant, not empty, not shuffled or of one row), and this producer's rows are read directly; else
        None. A reader then reads the files of every epoch without a traced function per file
        (``readers.FileRead``), and ``epoch_starts`` does the per-epoch work."""
        if self._shared or (self._keep_order and self._num_epochs is None):
            return None
        return self._static

    def known_rows(self) -> Any:
        """One epoch's rows as a numpy array, in some order, where they are known now (a constant, shuffled
        or not): what every epoch holds (``record_counts``); else None."""
        return self._known

    def epoch_starts(self) -> Any:
        """A dataset of the epochs' work without their rows, for ``static_rows``' readers: its ``k``-th element
        (an empty vector of the rows' type) is made when epoch ``k`` starts, setting legacy's epoch counter and
        filling ``order_table`` with the epoch's rows as ``epochs_dataset`` does. Read ``take(k + 1)`` of it,
        unbatched (nothing comes out), before epoch ``k``'s records: epochs ``0..k-1`` are made again, each
        setting the same values as before. One traced function in all, shared by every epoch."""
        if self._starts is None or self._starts[0] != self._keep_order:  # (made again once the order is kept)
            with tf1.device("/device:CPU:0"):
                self._starts = self._keep_order, epochs_dataset(
                    self._lift, self._num_epochs, self._epochs_variable,
                    self.order_table if self._keep_order else None, static=self._static)
        return self._starts[1]

    @property
    def order_table(self) -> str:
        """The ``shared_name`` of the table where each epoch's rows go (file names, or the rows a
        ``dequeue()`` hands the ops after it), in the order read (shuffled or not), so that a failed
        pipeline's records can be read again in it, and no further than the epochs it began
        (``partial_replay.py``). Filled only once ``keep_order`` was called."""
        return f"tfdb_epoch_order_{id(self)}"

    def keep_order(self) -> None:
        """From now on the rows this producer's datasets make go into ``order_table`` too: a pipeline that
        can read its records again after a failure (``partial_replay.register``) reads this producer.
        Called before that pipeline's dataset is made; rows made before without the table are made again
        for it. Elsewhere the table is not built: its ops (7-25 in the epoch map, a table op per epoch)
        served only a read again, which most pipelines never make (no ``allow_smaller_final_batch``, no
        shuffle: what legacy delivered before an error is whole batches, which arrive as they are)."""
        self._keep_order = True

    # -- one stream, several consumers (shared_streams.py)
    shared = property(lambda self: self._shared)

    def describe(self) -> str:
        return f"input producer {self._name!r}"

    def share(self) -> None:
        """From now on every consumer reads the rows from ``tensorflow_queue()``."""
        self.tensorflow_queue()
        self._shared = True

    def sharing(self) -> str:
        """What sharing does, for ``shared_streams``' warning."""
        return ("In legacy TensorFlow they compete for its elements, so they read it through TensorFlow's own queue "
                "(filled by one QueueRunner: tf.train.start_queue_runners(sess) starts it) and reader kernels, "
                "reached from inside tf.data, and each element goes to exactly one of them")

    def taken_over_fix(self) -> str:
        """The fix ``shared_streams`` gives for a direct read that a batch took over."""
        return "fetch what the batch gives, or give the direct read its own input producer"

    def kernel_rows(self, method: str, n: int | None) -> Any:
        """The rows as ``method(n)`` of ``tensorflow_queue()`` gives them, read inside tf.data."""
        from tfdata_bridge._src.compat.queue_reading import reader

        single = reader(self.tensorflow_queue(), method, n)
        return single.map(plain(lambda row: row))  # (a one-component queue's rows come as 1-tuples)

    def tensorflow_queue(self) -> Any:
        """TensorFlow's own queue of these rows, filled from this producer's dataset by a ``QueueRunner``
        (made once, on first use): what TensorFlow's reader ops read, for a producer that stays in legacy
        TensorFlow (``readers.use_tensorflow_readers``), and what every consumer reads once several do
        (``shared_streams.py``; its ``shared_name`` lets tf.data functions reach it). Legacy's filename
        queue, with the drop-in's order, epochs and epoch counter."""
        if self._tf_queue is None:
            with tf1.device("/device:CPU:0"), tf1.name_scope(f"{self._name}_tensorflow_queue"), \
                    tf_private.silenced_deprecations():
                queue = tf1.FIFOQueue(self.capacity, self._dtypes, shapes=self._shapes,
                                      shared_name=shared_streams.unique_name("rows"))
                row = standalone_iterator(self._direct(begun=True)).get_next()
                # started at the graph's first run, before (and so without) the program's coordinator: an
                # enqueue cancelled by the session's close or the queue's cancel ends its thread quietly, as
                # the coordinator's stop would have
                runner = tf1.train.QueueRunner(queue, [queue.enqueue(row)], queue_closed_exception_types=(
                    tf.errors.OutOfRangeError, tf.errors.CancelledError))
            queue._tfdb_reopen = shared_streams.reopen(queue.queue_ref)  # noqa: SLF001 - queue_reading's hook
            lifted_runners.replace(self, runner)  # (in QUEUE_RUNNERS, where this producer's own runner was)
            shared_streams.consumer(self, f"the QueueRunner of {self.describe()}", None, None)
            self._tf_queue, self.runner = queue, runner
            if self._epochs_variable is not None:
                # made here, not with the producer: only a producer whose rows this queue holds can begin an
                # epoch before the program initializes its counter, so only its catch-up ever runs
                # (``epoch_counter_catch_up``); the same ops, built once, before that first run
                _add_catch_up(self, self._epochs_variable)
        return self._tf_queue

    def ended_queue(self) -> Any:
        """The handle of a new queue of legacy's kind and name, never filled: a reader of this producer
        closes and dequeues it at the end of the rows (``readers._ending_as_the_queue``, in the branch that
        runs then only, so a native graph holds no queue op), so that its ``OutOfRangeError`` has legacy's
        text (``FIFOQueue 'input_producer' is closed and has insufficient elements (requested 1, current
        size 0)``; legacy's name has the session's count of queues before it, ``_1_input_producer``). Its
        ``shared_name`` is the producer's name (unique in the graph), so the message has no branch path."""
        return tf.raw_ops.FIFOQueueV2(component_types=self._dtypes, shapes=self._shapes, capacity=1,
                                      shared_name=self._name, name=self._name.split("/")[-1])

    # -- the read side of a queue
    def dequeue(self, name: str | None = None) -> Any:
        """One row (the next element of this producer's dataset, shared by every ``dequeue()``)."""
        return self._read("dequeue", None, name)

    def dequeue_many(self, n: Any, name: str | None = None) -> Any:
        """``n`` rows; at the end, ``OutOfRangeError`` and a tail shorter than ``n`` is dropped."""
        return self._read("dequeue_many", n, name)

    def dequeue_up_to(self, n: Any, name: str | None = None) -> Any:
        """Up to ``n`` rows; the last batch may be shorter."""
        return self._read("dequeue_up_to", n, name)

    def _read(self, method: str, n: Any, name: str | None) -> Any:
        if n is not None:
            n = tf.get_static_value(n)
            if n is None:
                raise ValueError(f"{method}(n) on input producer {self._name!r} needs n known when the graph is "
                                 "built (an int or a constant); pass an int")
            n = int(n)
        key = (method, n)
        if key not in self._standalone:
            describe = f"its {method}({'' if n is None else n})"
            # built when the graph first runs, if then still read (shared_streams.py); the stand-in has the
            # rows' shape, so only where that is fully known
            from tfdata_bridge._src.compat import pending_reads  # (which imports this module)

            lazy = not self._shared and self._rows.shape[1:].is_fully_defined()
            pending = None
            with tf1.device("/device:CPU:0"):
                if lazy:
                    row = tf1.data.Dataset.from_tensors(tf.zeros(self._shapes[0], self._dtypes[0]))
                    stand_in = row if n is None else row.batch(n, drop_remainder=method == "dequeue_many")
                    if pending_reads.deferrable():  # (no function traced: pending_reads.py)
                        pending = pending_reads.PendingIterator(stand_in)
                        iterator = pending.iterator
                    else:
                        iterator = stand_in_iterator(stand_in)
                else:
                    iterator = standalone_iterator(self._standalone_dataset(method, n))
            made = shared_streams.consumer(self, describe, None, lambda: self._standalone_dataset(method, n),
                                           pending=lazy)
            made.connect = pending.connect if pending is not None else None
            self._standalone[key] = iterator, made, pending
        iterator, consumer, pending = self._standalone[key]
        if pending is not None:  # (the stand-in's until the graph first runs, then the real one)
            iterator = pending.iterator
        value = iterator.get_next(name=name or f"{self._name}_Dequeue")
        if pending is not None and not pending.connected:
            pending.made.append(tf.nest.flatten(value)[0].op)
        if consumer.iterator is None:
            consumer.iterator = shared_streams.iterator_op(value)
        shared_streams.add_op(consumer, value.op)
        # legacy's runner handed a failed row (the empty-list Assert) to the Coordinator, and the consumer
        # got OutOfRangeError: the drop-in Session does the same for a registered get_next
        pipelines.register(iterator, tf.nest.flatten(value), f"input producer {self._name!r}", may_block=False,
                           start=False)
        if method == "dequeue":
            frontier.register([value], ValueRead(self.describe(), self.dataset, stream=self))
        return value

    def _standalone_dataset(self, method: str, n: int | None) -> Any:
        if self._shared:
            return self.kernel_rows(method, n)
        ds = self._direct()
        return ds if n is None else ds.batch(n, drop_remainder=method == "dequeue_many")

    def close(self, cancel_pending_enqueues: bool = False, name: str | None = None) -> Any:
        """An op that does nothing: no producer thread enqueues into this source, so there is nothing to
        close; its rows end after ``num_epochs``."""
        del cancel_pending_enqueues
        return tf1.no_op(name=name or f"{self._name}_Close")

    def size(self, name: str | None = None) -> Any:
        """0: rows are made as they are read, none wait in a buffer."""
        return tf.constant(0, tf.int32, name=name or f"{self._name}_Size")

    def is_closed(self, name: str | None = None) -> Any:
        """False: the source ends by itself after ``num_epochs``."""
        return tf.constant(False, name=name or f"{self._name}_IsClosed")


class ValueRead:
    """A frontier source of one tensor per read: ``make(shard)`` gives its dataset; ``stream`` is the
    ``InputQueue`` it splits with other readers of that queue, or None."""

    width = 1

    def __init__(self, label: str, make: Callable[[tuple[int, int]], Any], stream: InputQueue | None = None) -> None:
        self._label = label
        self._make = make
        self.stream = stream

    def describe(self) -> str:
        return self._label

    def present(self, needed: frozenset[int]) -> tuple[int, ...]:
        return (0,)

    def dataset(self, needed: frozenset[int] | None = None, shard: tuple[int, int] = (0, 1)) -> Any:
        return self._make(shard)

    def records_of(self, rows: Any, with_keys: bool) -> Any:
        """What this read hands on from the rows of ``rows`` (a dataset of them): each row itself; also the
        read again of a failed pipeline (``partial_replay.py``)."""
        del with_keys  # (one component: the row)
        return rows


def standalone_iterator(dataset: Any) -> Any:
    """A one-shot iterator for tensors a program runs one element at a time (a ``read()``, a
    ``dequeue()`` not lifted into a batch): nothing read ahead and no autotuning thread, as cheap per
    element as the legacy op it stands for."""
    options = tf.data.Options()
    options.autotune.enabled = False
    options.experimental_optimization.inject_prefetch = False
    return tf_private.one_shot_iterator(dataset.with_options(options))  # (its factory: see tf_private)


def stand_in_iterator(stand_in: Any) -> Any:
    """A ``standalone_iterator`` over ``stand_in`` (a dataset of the real one's structure, made without
    tracing anything), for a read or dequeue whose real dataset is built only if the program runs it:
    most are consumed only through a batch that lifts them, and building theirs cost a trace or more
    each before the first batch. ``shared_streams.settle`` (the drop-in's first ``Session.run``) gives the
    iterator op its real dataset; until then the op refuses to run, saying why (its ``container``)."""
    iterator = standalone_iterator(stand_in)
    op = tf.nest.flatten(iterator.get_next())[0].op.inputs[0].op
    tf_private.set_attr(op, "container", tf1.AttrValue(s=shared_streams.PENDING.encode()))
    return iterator


ORDER_NAMES = 1_000_000  # values an order table keeps at most (epochs * file names, or row elements, per epoch)


def epochs_dataset(lift: lifting.Lift, num_epochs: int | None, epochs_variable: Any, order: str | None = None,
                   static: Any = None, begun: bool = False) -> Any:
    """``lift``'s (single) value, made afresh for each of ``num_epochs`` epochs (endless for None); with
    ``order`` (``InputQueue.order_table``), each epoch's rows also go into that table, by epoch, as one
    serialized tensor (one table op per epoch; ``partial_replay.epoch_rows`` reads it), while the epochs so
    far hold at most ``ORDER_NAMES`` values (file names, or the elements of the rows).

    Each epoch also sets legacy's epoch counter to the epoch's number (1-based) when the program has
    initialized it, as legacy's ``count_up_to`` counted: the dataset cannot capture the variable (a
    one-shot iterator refuses captured resources), so the function opens its own handle to it by
    ``shared_name``, as ``queue_reading`` does for queues.

    With ``static`` (``InputQueue.static_rows``: every epoch's rows, known now), each epoch's element is an
    empty vector: the epoch's work without its rows, which the reader reads from constants
    (``InputQueue.epoch_starts``).

    With ``begun`` (the rows filling ``InputQueue.tensorflow_queue()``), each epoch also goes into the table of
    epochs begun, initialized counter or not, for ``epoch_counter_catch_up``; elsewhere the table would be
    written and never read (7 ops fewer to trace): only a producer whose rows TensorFlow's queue holds has a
    catch-up (``_add_catch_up``, made with that queue), one read directly begins after the initializer."""
    produce = lift.function(0) if static is None else (lambda: [tf.constant(static)])
    if epochs_variable is not None:
        shared_name = epochs_variable.handle.op.get_attr("shared_name").decode()
        container = epochs_variable.handle.op.get_attr("container").decode()

    def epoch(e: Any) -> Any:
        rows = _counted(e)
        if order is None:
            if static is None:
                return rows
            with tf.control_dependencies([rows]):  # (the epoch's counter set)
                return tf.zeros([0], rows.dtype)
        table = tf.raw_ops.MutableHashTableV2(shared_name=order, use_node_name_sharing=False,
                                              key_dtype=tf.int64, value_dtype=tf.string)
        # (serialized, not joined: a row a dequeue() hands on may be of any type and shape, a string any bytes)
        if bounded(rows):  # every epoch is kept: no test, no slices (23 ops fewer to trace)
            joined = tf.reshape(tf.io.serialize_tensor(rows), [1])
            put = tf.raw_ops.LookupTableInsertV2(table_handle=table, keys=tf.reshape(e, [1]), values=joined)
        else:
            # (up to ORDER_NAMES names in all: an endless producer's later epochs are not kept.) One insert of
            # one key or of none, not a tf.cond: a cond's two branch functions were optimized by the session's
            # grappler at every new run signature that reached the pipeline, before the first batch
            kept = tf.cast((e + 1) * tf.size(rows, out_type=tf.int64) <= ORDER_NAMES, tf.int32)
            # (an epoch not kept is not copied either: the rows sliced to none first)
            joined = tf.reshape(tf.io.serialize_tensor(rows[:kept * tf.shape(rows)[0]]), [1])
            put = tf.raw_ops.LookupTableInsertV2(table_handle=table, keys=tf.reshape(e, [1])[:kept],
                                                 values=joined[:kept])
        with tf.control_dependencies([put]):
            return tf.identity(rows) if static is None else tf.zeros([0], rows.dtype)

    def bounded(rows: Any) -> bool:
        """Whether every epoch's rows fit the table (a known number of epochs of a known number of values)."""
        size = rows.shape.num_elements()
        return num_epochs is not None and size is not None and num_epochs * size <= ORDER_NAMES

    def _counted(e: Any) -> Any:
        if epochs_variable is None:
            return produce()[0]
        handle = tf.raw_ops.VarHandleOp(dtype=tf.int64, shape=[], shared_name=shared_name, container=container)
        # "if initialized: assign" as TensorFlow's v1 cond builds it (Switch, Merge), not as a tf.cond: its
        # two branch functions were optimized by the session's grappler at every new run signature that
        # reached the pipeline (start_queue_runners, the first batch): 0.06-0.13 s of CPU before the first batch
        # with begun, initialized or not, the epoch goes into the table of epochs begun (first: an epoch the check
        # below finds uninitialized is in it before the initializer ends), to count once the pipelines start
        # (``epoch_counter_catch_up``): legacy's runner, started after the initializer, counted it
        # (an import: the table holds this one key; the order table's is the epoch map's only insert)
        number = e + 1  # (one op for both uses)
        recorded = [] if not begun else [tf.raw_ops.LookupTableImportV2(
            table_handle=_begun_table(shared_name), keys=tf.zeros([1], tf.int64), values=tf.reshape(number, [1]))]
        with tf.control_dependencies(recorded):
            initialized = tf.raw_ops.VarIsInitializedOp(resource=handle)
        skip, count = tf.raw_ops.Switch(data=number, pred=initialized)
        with tf.control_dependencies([tf.raw_ops.AssignVariableOp(resource=handle, value=count)]):
            counted = tf.identity(count)
        with tf.control_dependencies([tf.raw_ops.Merge(inputs=[skip, counted]).output]):
            return tf.identity(produce()[0])

    # tf.compat.v1's map: an OutOfRangeError raised by the lifted ops ends the dataset
    return tf1.data.Dataset.range(ENDLESS if num_epochs is None else num_epochs).map(plain(epoch))


def _epochs_variable() -> Any:
    """Legacy's local epoch counter (``<scope>/limit_epochs/epochs``), in the current name scope."""
    with tf1.name_scope("limit_epochs"):
        return tf1.Variable(tf.constant(0, tf.int64), name="epochs", trainable=False, use_resource=True,
                            collections=[tf1.GraphKeys.LOCAL_VARIABLES])


def _add_catch_up(queue: InputQueue, variable: Any) -> None:
    """The op raising ``queue``'s initialized epoch counter ``variable`` to the epochs it began
    (``epoch_counter_catch_up``): "if initialized: counter = max(counter, begun)", as ``epochs_dataset``'s v1
    cond (Switch, Merge)."""
    graph = variable.graph
    with graph.as_default(), graph.control_dependencies(None), tf1.device("/device:CPU:0"), \
            tf1.name_scope(f"{variable.op.name}_catch_up/"):
        shared_name = variable.handle.op.get_attr("shared_name").decode()
        begun = tf.raw_ops.LookupTableFindV2(table_handle=_begun_table(shared_name), keys=tf.zeros([1], tf.int64),
                                             default_value=tf.zeros([1], tf.int64))[0]
        # (the handle switched: neither read nor assigned where not initialized, its branch dead then)
        initialized = tf.raw_ops.VarIsInitializedOp(resource=variable.handle)
        _, handle = tf.raw_ops.Switch(data=variable.handle, pred=initialized)
        current = tf.raw_ops.ReadVariableOp(resource=handle, dtype=tf.int64)
        op = tf.raw_ops.AssignVariableOp(resource=handle, value=tf.maximum(current, begun))
    _catch_ups.setdefault(graph, []).append((queue, op))


def _begun_table(shared_name: str) -> Any:
    """The table (key 0) of how many epochs the producer of the epoch counter ``shared_name`` began, set
    whether or not the program initialized the counter (a session's own: made at its first use there)."""
    return tf.raw_ops.MutableHashTableV2(shared_name=f"tfdb_epochs_begun_{shared_name}", use_node_name_sharing=False,
                                         key_dtype=tf.int64, value_dtype=tf.int64)


# graph -> the catch-up ops of its input producers' epoch counters
_catch_ups: GraphTable[list[tuple[InputQueue, Any]]] = GraphTable("epoch_counter_catch_ups")


def epoch_counter_catch_up(sess: Any) -> None:
    """Legacy's epoch counters count the epochs their producers began, once the program initialized them:
    a producer's runner started by ``start_queue_runners``, after the initializer. The drop-in's producers
    may begin earlier (a queue several consumers share is filled from the session's first run, the
    initializer's), and an epoch begun while the counter was not initialized could not count; so when the
    pipelines start (``start_queue_runners``, a Supervisor's, a monitored session's), each initialized
    counter is raised to the epochs its producer began, as legacy's runner, starting then, would count
    them (later epochs count as they begin)."""
    # Only a producer whose rows TensorFlow's queue holds (shared by several consumers, its runner started at
    # the session's first run) can have begun before: a producer read directly begins when its pipeline first
    # runs, after the initializer (a run of a few ms saved, a new run signature, where none is)
    ops = [op for queue, op in _catch_ups.get(sess.graph, ()) if queue.runner is not None]
    if ops:
        sess.run(ops)


# -- the public functions ----------------------------------------------------------------------------


def match_filenames_once(pattern, name=None):
    """``tf.compat.v1.train.match_filenames_once`` (and ``tf.io``): a local variable initialized to the
    files matching ``pattern``, as legacy. An input producer given it lists the files with
    ``tf.io.matching_files(pattern)`` inside tf.data, so it works without ``local_variables_initializer()``."""
    notice("train.match_filenames_once", stacklevel=2)
    with tf1.name_scope(name, "matching_filenames", [pattern]) as scope:
        variable = tf1.Variable(
            name=scope, initial_value=tf.io.matching_files(pattern), trainable=False, validate_shape=False,
            collections=[tf1.GraphKeys.LOCAL_VARIABLES])
    if not tf.executing_eagerly():
        _patterns[variable] = pattern
    return variable


def limit_epochs(tensor, num_epochs=None, name=None):
    """``tf.compat.v1.train.limit_epochs``: ``tensor``, ``num_epochs`` times, then ``OutOfRangeError``.

    The value comes from a native tf.data source, so ``tf.train.batch`` over it lifts. Once
    ``local_variables_initializer()`` ran, every consumer counts with legacy's ``count_up_to`` on the epoch
    counter, so all of them together get ``num_epochs`` values and running the initializer again lets it
    through ``num_epochs`` times more, as in legacy (``epoch_limit.py``). A ``tensor`` that cannot be
    computed inside tf.data (a placeholder, a variable) keeps TensorFlow's own ``count_up_to`` version."""
    notice("train.limit_epochs", stacklevel=2)
    if num_epochs is None:
        return tensor
    if num_epochs <= 0:
        raise ValueError("num_epochs must be > 0 not %d." % num_epochs)
    if tf.executing_eagerly():
        return tf1.train.limit_epochs(tensor, num_epochs=num_epochs, name=name)
    with tf1.name_scope(name, "limit_epochs", [tensor]) as scope:
        tensor = tf.convert_to_tensor(tensor)
        lift = lifting.analyze([tensor])
        if isinstance(lift, lifting.Blocker) or lift.upstreams:
            return tf1.train.limit_epochs(tensor, num_epochs=num_epochs, name=scope)
        epochs_variable = _epochs_variable()
        stream = epoch_limit.EpochLimit(f"limit_epochs {scope.rstrip('/')!r}")
        made: dict[Any, tuple[Any, Any]] = {}  # (strict, graph id) -> (graph, dataset): each made once

        def limited(shard: tuple[int, int]) -> Any:
            # the direct read and the batch that lifts the value read the same dataset, each through its own
            # iterator (an iterator's elements are its own): three functions traced once, not per use; made
            # again once shared (the counter alone then counts: strict), and in another graph
            del shard  # (every consumer counts on the one counter: nothing to split)
            graph = tf1.get_default_graph()
            key = (stream.shared, id(graph))
            if key not in made or made[key][0] is not graph:
                made[key] = (graph, epoch_limit.limit_dataset(lift, num_epochs, epochs_variable, stream.shared))
            return made[key][1]

        source = ValueRead(stream.describe(), limited, stream=stream)
        with tf1.device("/device:CPU:0"):
            iterator = standalone_iterator(source.dataset())
        value, iterator_op = epoch_limit.counted_or_read(tensor, num_epochs, epochs_variable, iterator,
                                                         scope.rstrip("/").split("/")[-1])
        value.set_shape(tensor.shape)
    # its direct read is a consumer: its iterator reads the counter alone once the source is shared
    direct = shared_streams.consumer(stream, "its direct read", iterator_op,
                                     lambda: source.dataset(),
                                     refusal=lambda message: epoch_limit.refused(iterator.element_spec, message))
    shared_streams.add_op(direct, value.op)
    frontier.register([value], source)
    return value


def input_producer(input_tensor, element_shape=None, num_epochs=None, shuffle=True, seed=None, capacity=32,
                   shared_name=None, summary_name=None, name=None, cancel_op=None):
    """``tf.compat.v1.train.input_producer``: the rows of ``input_tensor`` as a native tf.data source
    (see the module docstring). ``summary_name`` adds no summary (nothing is buffered)."""
    _refuse_eager()
    notice("train.input_producer", stacklevel=2)
    return _input_producer(input_tensor, element_shape, num_epochs, shuffle, seed, capacity, shared_name, name,
                           cancel_op, stacklevel=3)


def string_input_producer(string_tensor, num_epochs=None, shuffle=True, seed=None, capacity=32, shared_name=None,
                          name=None, cancel_op=None):
    """``tf.compat.v1.train.string_input_producer``: the strings (file names) of ``string_tensor``,
    reshuffled each epoch when ``shuffle``, as a native tf.data source."""
    _refuse_eager()
    notice("train.string_input_producer", stacklevel=2)
    if not isinstance(string_tensor, (tf.Tensor, tf.Variable)) and not _nonempty(string_tensor):
        raise ValueError(NOT_NULL)
    with tf1.name_scope(name, "input_producer", [string_tensor]) as scope:
        string_tensor = _rows_source(string_tensor, tf.string)
        with tf.control_dependencies([tf.debugging.Assert(tf.greater(tf.size(string_tensor), 0), [NOT_NULL])]):
            string_tensor = tf.identity(string_tensor)
        return _input_producer(string_tensor, [], num_epochs, shuffle, seed, capacity, shared_name, scope,
                               cancel_op, stacklevel=3, api="string_input_producer")


def range_input_producer(limit, num_epochs=None, shuffle=True, seed=None, capacity=32, shared_name=None, name=None):
    """``tf.compat.v1.train.range_input_producer``: 0 .. limit-1 as a native tf.data source."""
    _refuse_eager()
    notice("train.range_input_producer", stacklevel=2)
    with tf1.name_scope(name, "input_producer", [limit]) as scope:
        return _input_producer(tf.range(limit), [], num_epochs, shuffle, seed, capacity, shared_name, scope,
                               None, stacklevel=3, api="range_input_producer")


def slice_input_producer(tensor_list, num_epochs=None, shuffle=True, seed=None, capacity=32, shared_name=None,
                         name=None):
    """``tf.compat.v1.train.slice_input_producer``: one slice of each tensor per element, the slices'
    order drawn by a ``range_input_producer``, as legacy; the ``gather`` ops lift into tf.data."""
    _refuse_eager()
    notice("train.slice_input_producer", stacklevel=2)
    with tf1.name_scope(name, "input_producer", tensor_list):
        tensor_list = [tf.convert_to_tensor(t) if not isinstance(t, tf.IndexedSlices) else t for t in tensor_list]
        if not tensor_list:
            raise ValueError("Expected at least one tensor in slice_input_producer().")
        range_size = tf.shape(tensor_list[0])[0]
        with tf1.name_scope(None, "input_producer", [range_size]) as scope:
            queue = _input_producer(tf.range(range_size), [], num_epochs, shuffle, seed, capacity, shared_name,
                                    scope, None, stacklevel=3, api="slice_input_producer")
        index = queue.dequeue()
        return [tf.gather(t, index) for t in tensor_list]


# -- shared pieces -----------------------------------------------------------------------------------


def _refuse_eager() -> None:
    if tf.executing_eagerly():
        raise RuntimeError(EAGER_REFUSAL)


def _nonempty(value: Any) -> bool:
    try:
        return bool(len(value))
    except TypeError:
        return bool(value)


def _rows_source(value: Any, dtype: Any) -> Any:
    """``value`` as a tensor; a ``match_filenames_once`` variable becomes ``matching_files(pattern)``,
    so the rows do not read the variable (which tf.data could not)."""
    pattern = _patterns.get(value) if isinstance(value, tf.Variable) else None
    if pattern is not None:
        return tf.io.matching_files(pattern)
    return tf.convert_to_tensor(value, dtype=dtype)


def _input_producer(input_tensor, element_shape, num_epochs, shuffle, seed, capacity, shared_name, name,
                    cancel_op, *, stacklevel: int, api: str = "input_producer") -> Any:
    _refuse_eager()
    del shared_name  # a tf.data source belongs to the session that runs it (see QueueBase on sessions)
    legacy_args = dict(element_shape=element_shape, num_epochs=num_epochs, shuffle=shuffle, seed=seed,
                       capacity=capacity, name=name, cancel_op=cancel_op)
    if num_epochs is not None and num_epochs <= 0:
        raise ValueError("num_epochs must be > 0 not %d." % num_epochs)
    with tf1.name_scope(name, "input_producer", [input_tensor]) as scope:
        input_tensor = _rows_source(input_tensor, None)
        element_shape = input_tensor.shape[1:].merge_with(element_shape)
        if not element_shape.is_fully_defined():
            raise ValueError("Either `input_tensor` must have a fully defined shape or `element_shape` must be "
                             "specified")
        rows = tf.random.shuffle(input_tensor, seed=seed) if shuffle else input_tensor
        lift = lifting.analyze([rows])
        if isinstance(lift, lifting.Blocker) or lift.upstreams:
            why = lift.describe() if isinstance(lift, lifting.Blocker) else "reads another queue"
            warnings.warn(
                f"tf.train.{api}: {why}. Its rows cannot be made inside tf.data, so TensorFlow's own queue "
                "and QueueRunner make them, as in legacy TensorFlow; tf.train.start_queue_runners(sess) starts "
                "that runner, and readers of this queue run TensorFlow's own reader ops.",
                FallbackWarning, stacklevel=stacklevel + 1,
            )
            return tf1.train.input_producer(input_tensor, **legacy_args)
        epochs_variable = None if num_epochs is None else _epochs_variable()
        queue = InputQueue(rows, lift, element_shape, num_epochs, capacity, scope.rstrip("/") or "input_producer",
                           epochs_variable)
        # (a string list's Assert that it is not empty: true of a static list that is not)
        try:
            static = tf.get_static_value(input_tensor)
        except (ValueError, TypeError):  # (TensorFlow cannot read back some constants: an empty string list's
            static = None                #  proto with one "" value, through an identity)
        if static is not None and static.ndim == 1 and static.size > 0:
            queue._known = static  # noqa: SLF001 - its maker
            # one row shuffled is that row (RandomShuffle of one element returns it, and its random stream is
            # its own kernel's: not running it changes no other op's draws), so a one-file list with
            # ``shuffle=True`` (the default, and most programs' form) gives every epoch the same known rows
            if not shuffle or static.size == 1:
                queue._static = static  # noqa: SLF001
    lifted_runners.add_input_producer(queue)  # legacy's runner in QUEUE_RUNNERS
    return queue
