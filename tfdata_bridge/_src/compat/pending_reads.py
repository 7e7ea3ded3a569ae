"""A reader's ``read()`` (or an input producer's ``dequeue()``) whose records and end-of-data check are
built only if the program runs it.

Most ``reader.read(queue)`` results over an input producer are consumed only through a batch that lifts
them (``tf.train.batch([parse(value)])``): the batch reads the records in its own pipeline and the read
itself never runs (``shared_streams.claim``). Built at once, each read cost a one-shot iterator (a
dataset factory function to trace) and legacy's end-of-data check (a ``tf.cond``: two branch functions),
before the first batch, for nothing.

So such a read hands the program the outputs of one ``IdentityN`` op over a *stand-in*: an iterator
resource op (``IteratorV2``) whose ``container`` is invalid and says why (``shared_streams.PENDING``), so
that running it before its graph first ran through the drop-in fails saying so, and nothing is traced.
When the graph first runs (``shared_streams.settle``) and the read is still live (run directly, or one of
several consumers of a shared stream), ``connect`` builds its real iterator and end-of-data check and
moves the ``IdentityN``'s inputs onto them (``tf_private.update_input``): the tensors the program holds
stay the same. A read a batch took over keeps its stand-in, whose ``container`` then names the batch
(``shared_streams._refuse_taken_over``).

An input producer's ``dequeue()`` (``dequeue_many``, ``dequeue_up_to``) needs no end-of-data check of its
own: its ``get_next`` ops read the stand-in (``PendingIterator``) and are moved onto a real one-shot
iterator's resource when the graph first runs and they are still read (before, a stand-in one-shot iterator,
whose dataset factory was a function to trace).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tfdata_bridge._src import tf_private
from tfdata_bridge._src.compat import shared_streams
from tfdata_bridge._src.compat.input_producers import InputQueue, standalone_iterator
from tfdata_bridge._src.tf import tf

tf1 = tf.compat.v1
CPU = "/device:CPU:0"


def ending_as_the_queue(iterator: Any, queue: Any) -> tuple[Any, Any]:
    """The next ``(key, value)`` of ``iterator``, which reads the file names of ``queue``; at its end, the
    ``OutOfRangeError`` of legacy's reader, whose text is the queue's (``FIFOQueue '...' is closed and has
    insufficient elements (requested 1, current size 0)``): TensorFlow's own dequeue on ``queue``, closed
    and drained by then, raises it. An input producer's ``queue`` has no such queue: one of legacy's kind
    and name, made in the branch that runs at the end only (``InputQueue.ended_queue``), is closed first.
    Key and value are the outputs of one op (the optional's value, run after the test), as a read's
    were: a batch that lifts the value takes the whole read over (``shared_streams.claim``). Made in the
    caller's name scope (the read's).

    The test is TensorFlow's v1 ``Switch`` / ``Merge`` (an op with a dead control input is dead: the drained
    queue's ops run at the end only), not a ``tf.cond``, whose two branch functions were two traces per read
    and two more functions for the session's grappler at each new run signature that reached the read
    (``tests/compat/test_compat_startup_functions.py``). Inside a function being traced (a ``tf.function`` in
    graph mode) it stays a ``tf.cond``: a function's automatic control dependencies would make the dead ops
    its control outputs."""
    record = iterator.get_next_as_optional()

    def drained() -> Any:
        closed = []
        handle = queue.ended_queue() if isinstance(queue, InputQueue) else queue.queue_ref
        if isinstance(queue, InputQueue):
            # (closing it again, at another reader's end, is not an error with cancel_pending_enqueues)
            closed = [tf.raw_ops.QueueCloseV2(handle=handle, cancel_pending_enqueues=True)]
        with tf.control_dependencies(closed):
            dequeued = tf.raw_ops.QueueDequeueV2(handle=handle, component_types=[tf.string])
        with tf.control_dependencies([tf.debugging.Assert(False, dequeued, name="queue_not_drained")]):
            return tf.constant(False)

    has_value = record.has_value()
    if getattr(tf1.get_default_graph(), "building_function", False):
        more = tf.cond(has_value, lambda: tf.constant(True), drained)
    else:
        # (an Identity of each branch's output is dead where that branch is not taken, as v1's cond pivots;
        # a control edge from the Switch op itself never is)
        ended, going = (tf.identity(branch) for branch in tf.raw_ops.Switch(data=has_value, pred=has_value))
        with tf.control_dependencies([ended]):
            failed = drained()
        more = tf.raw_ops.Merge(inputs=[going, failed]).output
    with tf.control_dependencies([more]):
        keys, values = record.get_value()
    return keys, values


def deferrable() -> bool:
    """Whether a read built now can wait for its graph's first run: not inside a function being traced (its
    ops are a function's once the trace ends), and where this TensorFlow can move an op's inputs."""
    return not getattr(tf1.get_default_graph(), "building_function", False) and tf_private.can_update_input()


class PendingReads:
    """The ``read()`` (or ``read_up_to(n)``) calls of one reader on one input producer, made before the
    graph first ran: each an ``IdentityN`` over the stand-in's ``get_next``, connected by ``connect``."""

    def __init__(self, queue: Any, batched: bool) -> None:
        self._queue = queue
        self._types = [tf.string, tf.string]
        self._shapes = [[None], [None]] if batched else [[], []]
        with tf1.device(CPU):
            self.stand_in = tf.raw_ops.IteratorV2(shared_name="", container=shared_streams.PENDING,
                                                  output_types=self._types, output_shapes=self._shapes).op
        self._reads: list[tuple[Any, str]] = []  # (the IdentityN op, its name scope)
        self._connected: Any = None  # the real iterator, once connected

    def read(self, name: str) -> tuple[Any, Any]:
        """One more read's ``(keys, values)``, named ``name`` as the reader's op was (made after the graph
        first ran and connected its reads, it reads the real iterator at once)."""
        if self._connected is not None:
            with tf.name_scope(name):
                return ending_as_the_queue(self._connected, self._queue)
        with tf.name_scope(name) as scope:
            # (outside the caller's control dependencies: the IdentityN takes them, and keeps them when its
            # inputs move, where TensorFlow leaves them off an op whose inputs already have them)
            with tf1.device(CPU), tf1.get_default_graph().control_dependencies(None):
                pending = tf.raw_ops.IteratorGetNext(iterator=self.stand_in.outputs[0], output_types=self._types,
                                                     output_shapes=self._shapes)
            keys, values = tf.identity_n(list(pending), name="record")
        self._reads.append((keys.op, scope))
        return keys, values

    def connect(self, records: Callable[[], Any]) -> None:
        """Give every read its records from the dataset ``records()`` makes (through one iterator, as the
        reads of one reader shared one) and legacy's end of data (``ending_as_the_queue``), in the read's
        own name scope and after its control dependencies (a graph finalized before its first run is opened
        for them)."""
        graph = self.stand_in.graph
        with tf_private.unfinalized(graph), graph.as_default(), graph.control_dependencies(None):
            with tf1.device(CPU):
                iterator = self._connected = standalone_iterator(records())
            for op, scope in self._reads:
                # (after the read's own control dependencies, as the reader op ran after them)
                with graph.name_scope(scope), tf1.device(CPU), graph.control_dependencies(op.control_inputs):
                    keys, values = ending_as_the_queue(iterator, self._queue)
                for index, tensor in enumerate((keys, values)):
                    tf_private.update_input(op, index, tensor)


def _stand_in(types: list[Any], shapes: list[Any]) -> Any:
    """An iterator resource op that refuses to run, saying why (``shared_streams.PENDING``): nothing traced."""
    with tf1.device(CPU):
        return tf.raw_ops.IteratorV2(shared_name="", container=shared_streams.PENDING, output_types=types,
                                     output_shapes=shapes).op


class PendingIterator:
    """A ``tf.compat.v1.data.Iterator`` of ``structure``'s element structure (a dataset, not traced) over a
    stand-in until the graph first runs: ``connect`` moves every ``get_next`` op made of it (``made``) onto
    a real one-shot iterator over the dataset ``records()`` makes."""

    def __init__(self, structure: Any) -> None:
        types = tf1.data.get_output_types(structure)
        shapes = tf1.data.get_output_shapes(structure)
        self.stand_in = _stand_in(tf.nest.flatten(types), tf.nest.flatten(shapes))
        # the iterator to make get_next ops of: the stand-in's, then (connected) the real one
        self.iterator = tf1.data.Iterator(self.stand_in.outputs[0], None, types, shapes,
                                          tf1.data.get_output_classes(structure))
        self.made: list[Any] = []  # the get_next ops made of the stand-in
        self.connected = False

    def connect(self, records: Callable[[], Any]) -> None:
        graph = self.stand_in.graph
        with tf_private.unfinalized(graph), graph.as_default(), graph.control_dependencies(None):
            with tf1.device(CPU):
                self.iterator = standalone_iterator(records())
                resource = self.iterator.string_handle().op.inputs[0]
            for op in self.made:
                tf_private.update_input(op, 0, resource)
        self.connected = True
