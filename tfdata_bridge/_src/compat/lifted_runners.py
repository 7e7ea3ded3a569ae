"""The ``QUEUE_RUNNERS`` entry of a batch call the drop-in lifted into tf.data (issue 16).

Legacy ``tf.train.batch`` and friends made a queue and added its ``QueueRunner`` to the graph's
``QUEUE_RUNNERS`` collection; programs read that collection: ``[0].queue.close(cancel_pending_enqueues=True)``
to stop a pipeline, ``len(...)`` to log the runner count, ``for qr in ...: qr.create_threads(sess, coord=coord,
start=True)`` in place of ``start_queue_runners``, ``to_proto()`` on export. A lifted call has no queue and no
runner thread, so it adds a ``PipelineRunner`` at the place legacy's runner had (an input producer adds its
own ``InputQueue`` in the same way: ``input_producers.py``). What each part does:

- ``create_threads(sess, coord, start=True)`` starts the graph's lifted pipelines in ``sess`` as
  ``start_queue_runners`` does (``pipelines.started``), once per session whichever comes first, and returns
  the thread that creates their iterators (joinable, registered with ``coord``), ``[]`` after that: legacy's
  runner gave one thread per enqueue op and one for ``coord``; a lifted pipeline has none to give.
- ``queue`` (``PipelineQueue``): legacy's queue name (``batch/fifo_queue``; a no-op op of that name stands in
  the graph, so the runner's ``QueueRunnerDef`` names ops that exist), ``dtypes``, ``shapes``, ``names``
  (``None``, as legacy's batch queues), ``close(cancel_pending_enqueues=...)`` and ``size()``.
- Running a close op in a drop-in ``Session`` closes the pipeline in that session (``before_run``): what
  legacy's closed queue still held arrives, then ``OutOfRangeError`` with legacy's message. The drop-in cannot
  see how many elements tf.data has made ahead, so it delivers what a full queue held (``capacity // batch_size``
  batches; with ``allow_smaller_final_batch`` the short rest too), fewer where the producer ends first; with
  ``cancel_pending_enqueues`` the same (legacy cancelled only enqueues blocked on a full queue).
  Not kept: legacy's runner, still enqueuing when its queue was closed, handed ``CancelledError`` to the
  coordinator (``coord.join`` re-raised it), and a second ``close()`` without cancel raised ``CancelledError``;
  a lifted producer has no runner to fail, and a program that legacy ran (its producer ended first) must run.
- ``size()`` is 0: tf.data does not tell how much it holds (``docs/how-the-drop-in-works.md``).
- ``enqueue_ops`` is ``[]``; exported and imported again, the runner starts no thread.
"""

from __future__ import annotations

import math
import threading
from typing import Any

from tfdata_bridge._src.compat import pipelines
from tfdata_bridge._src.compat.graph_tables import GraphTable
from tfdata_bridge._src.tf import tf

tf1 = tf.compat.v1
_KIND = {"fifo_queue": "FIFOQueue", "padding_fifo_queue": "PaddingFIFOQueue",
         "random_shuffle_queue": "RandomShuffleQueue"}
_STARTED = "_tfdb_lifted_runners_started"  # a session's __dict__ key: start() ran for it
_CLOSED = "_tfdb_lifted_runners_closed"  # a session's __dict__ key: {get_next op name: batches still due}
_closes: GraphTable[dict[str, Any]] = GraphTable("lifted_runner_closes")  # close op name -> its PipelineQueue
_lock = threading.Lock()


class PipelineQueue:
    """Legacy's queue of a lifted batch call, as the collection's runner shows it (see the module doc)."""

    def __init__(self, op: Any, kind: str, dtypes: list[Any], shapes: list[Any], get_next: str, capacity: int,
                 batch_size: int, allow_smaller: bool) -> None:
        self._op, self._kind = op, kind
        self._dtypes, self._shapes = list(dtypes), list(shapes)
        self._get_next = get_next
        due = math.ceil if allow_smaller else (lambda x: int(x))
        self._due = due(capacity / batch_size) if batch_size > 0 else 0
        self._batch_size = batch_size

    name = property(lambda self: self._op.name)
    dtypes = property(lambda self: self._dtypes)
    shapes = property(lambda self: self._shapes)
    names = property(lambda self: None)

    def close(self, cancel_pending_enqueues: bool = False, name: str | None = None) -> Any:
        """An op that closes the pipeline in the drop-in ``Session`` that runs it (see the module doc)."""
        del cancel_pending_enqueues  # (legacy's cancel reached only enqueues blocked on a full queue: none here)
        return self.closing(self.close_op(name))

    def close_op(self, name: str | None = None) -> Any:
        """A close op not yet recognised by ``before_run`` (see ``closing``)."""
        with self._op.graph.as_default(), tf1.control_dependencies(None), tf1.name_scope(None):
            return tf1.no_op(name=name or f"{self._op.name}_Close")

    def closing(self, op: Any) -> Any:
        """``op``, recognised from now on as closing this queue. (A graph's runs check their fetches for close
        ops only once one was handed to the program: about 4 us a run, against under 1 without.)"""
        _closes.setdefault(op.graph, {})[op.name] = self
        return op

    def size(self, name: str | None = None) -> Any:
        """0: tf.data does not tell how many elements it has made ahead (a documented difference)."""
        with self._op.graph.as_default(), tf1.name_scope(None):
            return tf.constant(0, tf.int32, name=name or f"{self._op.name}_Size")

    def closed_error(self) -> Any:
        return tf.errors.OutOfRangeError(
            None, None, f"{self._kind} '{self.name}' is closed and has insufficient elements (requested "
            f"{self._batch_size}, current size 0)")


class PipelineRunner:
    """The ``QueueRunner`` of a lifted batch call in the ``QUEUE_RUNNERS`` collection (see the module doc)."""

    def __init__(self, queue: PipelineQueue) -> None:
        self._queue = queue
        # (made now, as legacy's, so that an export after the graph is finalized names them; recognised once used)
        make = getattr(queue, "close_op", None)
        self._close_op = make() if make is not None else queue.close()
        self._cancel_op = make() if make is not None else queue.close(cancel_pending_enqueues=True)
        self._queue_closed_exception_types = (tf.errors.OutOfRangeError,)

    queue = property(lambda self: self._queue)
    name = property(lambda self: self._queue.name)
    enqueue_ops = property(lambda self: [])
    close_op = property(lambda self: self._used(self._close_op))
    cancel_op = property(lambda self: self._used(self._cancel_op))
    queue_closed_exception_types = property(lambda self: self._queue_closed_exception_types)
    exceptions_raised = property(lambda self: [])

    def _used(self, op: Any) -> Any:
        closing = getattr(self._queue, "closing", None)
        return op if closing is None else closing(op)

    def create_threads(self, sess: Any, coord: Any = None, daemon: bool = False, start: bool = False) -> list[Any]:
        """Starts the graph's lifted pipelines in ``sess`` (once, as ``start_queue_runners`` does) and returns
        the thread that creates their iterators, or ``[]`` where they were started already."""
        del daemon, start  # (the pipelines start at once: their thread is a daemon, as legacy's default)
        if type(sess) is tf1.Session:  # a MonitoredSession's, not yet the drop-in's: its BridgeHook starts them
            return []
        thread = start_pipelines(sess, coord)
        return [] if thread is None else [thread]

    def to_proto(self, export_scope: Any = None) -> Any:
        """A ``QueueRunnerDef`` naming the stand-in queue op and the close ops, no enqueue op."""
        return tf1.train.QueueRunner.to_proto(self, export_scope)


def add(scope: str, shuffle: bool, dynamic_pad: bool, dtypes: list[Any], shapes: list[Any], get_next: Any,
        capacity: int, batch_size: int, allow_smaller: bool) -> PipelineRunner:
    """Add the runner of a lifted batch call made in name scope ``scope`` to ``QUEUE_RUNNERS``."""
    base = "random_shuffle_queue" if shuffle else "padding_fifo_queue" if dynamic_pad else "fifo_queue"
    with tf1.control_dependencies(None), tf1.name_scope(scope):
        op = tf1.no_op(name=base)
    queue = PipelineQueue(op, _KIND[base], dtypes, shapes, get_next.op.name, capacity, batch_size, allow_smaller)
    runner = PipelineRunner(queue)
    tf1.add_to_collection(tf1.GraphKeys.QUEUE_RUNNERS, runner)
    return runner


def add_input_producer(queue: Any) -> PipelineRunner:
    """Add the runner of a lifted input producer (``input_producers.InputQueue``, its own queue) to
    ``QUEUE_RUNNERS``, with a no-op op of the queue's name (legacy's queue op's) for its ``QueueRunnerDef``."""
    with tf1.control_dependencies(None), tf1.name_scope(None):
        tf1.no_op(name=f"{queue.name}/")  # (a trailing "/": exactly that name, as legacy named its queue op)
    runner = PipelineRunner(queue)
    tf1.add_to_collection(tf1.GraphKeys.QUEUE_RUNNERS, runner)
    return runner


def replace(queue: Any, runner: Any) -> None:
    """``runner`` (TensorFlow's, filling a queue of ``queue``'s rows once several consumers share it) takes
    the place of ``queue``'s ``PipelineRunner`` in ``QUEUE_RUNNERS``; appended where it has none."""
    runners = tf1.get_collection_ref(tf1.GraphKeys.QUEUE_RUNNERS)
    for i, qr in enumerate(runners):
        if isinstance(qr, PipelineRunner) and qr.queue is queue:
            runners[i] = runner
            return
    runners.append(runner)


def start_pipelines(sess: Any, coord: Any) -> Any:
    """``pipelines.started(sess, coord)`` once per session; the thread it started, or None."""
    with _lock:
        if sess.__dict__.get(_STARTED):
            return None
        sess.__dict__[_STARTED] = True
    from tfdata_bridge._src.compat import input_producers  # (which imports this module)

    input_producers.epoch_counter_catch_up(sess)  # (epochs begun before the counters were initialized)
    return pipelines.started(sess, coord)


def before_run(sess: Any, fetches: Any) -> None:
    """A drop-in ``sess.run(fetches)`` begins: a close op among ``fetches`` closes its pipeline in ``sess``;
    a fetch of a closed pipeline's batch past what its queue held raises legacy's ``OutOfRangeError``."""
    closes = _closes.get(sess.graph)
    closed = sess.__dict__.get(_CLOSED)
    if not closes and not closed:
        return
    names = _op_names(fetches)
    with _lock:
        for name in names:
            queue = closes.get(name) if closes else None
            if queue is not None:
                closed = sess.__dict__.setdefault(_CLOSED, {})
                closed.setdefault(queue._get_next, [queue._due, queue])  # noqa: SLF001
        if not closed:
            return
        for name in names:
            due = closed.get(name)
            if due is None:
                continue
            if due[0] <= 0:
                raise due[1].closed_error()
            due[0] -= 1



def _op_names(fetches: Any) -> list[Any]:
    """The op names of ``fetches`` (a tensor, an op, a name, or a structure of them); a flat list or tuple,
    the usual fetch, without ``tf.nest`` (this runs before every run of a graph with a lifted call)."""
    if isinstance(fetches, (list, tuple)) and not hasattr(fetches, "_fields"):
        flat: Any = fetches
        if any(isinstance(f, (list, tuple, dict)) for f in flat):
            flat = _flat(fetches)
    elif isinstance(fetches, dict) or hasattr(fetches, "_fields"):
        flat = _flat(fetches)
    else:
        flat = (fetches,)
    return [getattr(getattr(f, "op", f), "name", f) for f in flat]


def _flat(fetches: Any) -> list[Any]:
    try:
        return tf.nest.flatten(fetches)
    except (TypeError, ValueError):
        return []
