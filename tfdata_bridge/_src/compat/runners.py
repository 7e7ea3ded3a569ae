"""The drop-in ``tf.train.QueueRunner``, ``add_queue_runner`` and ``start_queue_runners`` (also under
``tf.train.queue_runner``), with TensorFlow's signatures and semantics; ``tf.train.Coordinator`` is
TensorFlow's own.

Graph mode: a ``QueueRunner`` built by user code over a bridge queue (or any queue) does what
TensorFlow's does: one thread per enqueue op, each running its op until one of
``queue_closed_exception_types`` (``OutOfRangeError``), the last to finish closing the queue; any other
error goes to the ``Coordinator`` (``request_stop(e)``, re-raised by ``Coordinator.join``) and a
coordinator's stop cancels the queue. ``start_queue_runners`` starts what the ``QUEUE_RUNNERS``
collection holds: user runners, the runners of producers the batch functions could not lift, and
TensorFlow's own. A lifted call's runner (``lifted_runners.PipelineRunner``, at legacy's place in the
collection) needs no thread: its pipeline starts, and ``start_queue_runners`` may return ``[]``; code that
never calls it still gets its batches.

Eager mode (where TensorFlow raises ``RuntimeError``): a ``QueueRunner``'s enqueue ops are zero-argument
callables (``lambda: queue.enqueue(x)``), run by its threads the same way, with ``sess=None``;
``add_queue_runner`` keeps it in a per-collection list and ``start_queue_runners`` starts those, or
returns ``[]`` where there are none (a tf.data pipeline needs no runner). Without a ``Coordinator``, an
error in a runner thread over a bridge queue also fails that queue, so its consumer gets the error
(after the elements already queued) rather than waiting forever as TensorFlow's would.
"""

from __future__ import annotations

import logging
import threading
from typing import Any

from tfdata_bridge._src.compat import lifted_runners, runner_feed, shared_streams
from tfdata_bridge._src import tf_private
from tfdata_bridge._src.compat.notice import notice
from tfdata_bridge._src.compat.runner_loop import RunnerLoop
from tfdata_bridge._src.runtime import failures, gc_guard
from tfdata_bridge._src.tf import tf

logger = logging.getLogger("tfdata_bridge")
tf1 = tf.compat.v1
QUEUE_RUNNERS = tf1.GraphKeys.QUEUE_RUNNERS

_eager_runners: dict[str, list[Any]] = {}


class _EagerSession:
    """The key eager runs are counted under (there is no session)."""


_EAGER = _EagerSession()


class QueueRunner(RunnerLoop):
    """Holds a list of enqueue operations for a queue, each to be run in a thread (TensorFlow's
    ``tf.compat.v1.train.QueueRunner``; in eager mode the enqueue ops are zero-argument callables)."""

    def __init__(self, queue=None, enqueue_ops=None, close_op=None, cancel_op=None,
                 queue_closed_exception_types=None, queue_runner_def=None, import_scope=None):
        notice("train.QueueRunner", stacklevel=2)
        self._eager = tf.executing_eagerly()
        if queue_runner_def:
            if queue or enqueue_ops:
                raise ValueError("queue_runner_def and queue are mutually exclusive.")
            self._init_from_proto(queue_runner_def, import_scope)
        else:
            self._init_from_args(queue, enqueue_ops, close_op, cancel_op, queue_closed_exception_types)
        self._init_loop()

    def _init_from_args(self, queue, enqueue_ops, close_op, cancel_op, queue_closed_exception_types):
        if not queue or not enqueue_ops:
            raise ValueError("Must provide queue and enqueue_ops.")
        if queue_closed_exception_types is not None and (
            not isinstance(queue_closed_exception_types, tuple) or not queue_closed_exception_types
            or not all(isinstance(t, type) and issubclass(t, tf.errors.OpError) for t in queue_closed_exception_types)
        ):
            raise TypeError("queue_closed_exception_types, when provided, must be a tuple of tf.error types, "
                            "but saw: %s" % (queue_closed_exception_types,))
        if self._eager and not all(callable(op) for op in enqueue_ops):
            raise TypeError(
                "In eager mode an enqueue op runs as soon as it is written, so a QueueRunner cannot run it "
                f"again; got {enqueue_ops!r}. Pass zero-argument callables that enqueue one element, e.g. "
                "QueueRunner(queue, [lambda: queue.enqueue(make_element())]), or feed a tf.data pipeline"
            )
        self._queue = queue
        self._enqueue_ops = list(enqueue_ops) if self._eager else enqueue_ops
        if self._eager:
            self._close_op = close_op or (lambda: queue.close())
            self._cancel_op = cancel_op or (lambda: queue.close(cancel_pending_enqueues=True))
        else:
            self._close_op = close_op if close_op is not None else queue.close()
            self._cancel_op = cancel_op if cancel_op is not None else queue.close(cancel_pending_enqueues=True)
        self._queue_closed_exception_types = tuple(queue_closed_exception_types or (tf.errors.OutOfRangeError,))
        # the enqueue ops' producers lifted into tf.data, a chunk per session step (runner_feed.py), or None
        self._tfdb_feed = None if self._eager or queue_closed_exception_types is not None else \
            runner_feed.feed(queue, self._enqueue_ops, getattr(queue, "name", "queue"))

    def _init_from_proto(self, queue_runner_def, import_scope):
        g = tf1.get_default_graph()

        def element(name: str) -> Any:
            return g.as_graph_element(f"{import_scope}/{name}" if import_scope else name)

        self._queue = element(queue_runner_def.queue_name)
        self._enqueue_ops = [element(op) for op in queue_runner_def.enqueue_op_name]
        self._close_op = element(queue_runner_def.close_op_name)
        self._cancel_op = element(queue_runner_def.cancel_op_name)
        self._queue_closed_exception_types = tuple(
            tf1.errors.exception_type_from_error_code(code) for code in queue_runner_def.queue_closed_exception_types
        ) or (tf.errors.OutOfRangeError,)

    queue = property(lambda self: self._queue)
    enqueue_ops = property(lambda self: self._enqueue_ops)
    close_op = property(lambda self: self._close_op)
    cancel_op = property(lambda self: self._cancel_op)
    queue_closed_exception_types = property(lambda self: self._queue_closed_exception_types)

    @property
    def exceptions_raised(self):
        """Exceptions raised but not handled by the threads (only when no Coordinator was given)."""
        return self._exceptions_raised

    @property
    def name(self):
        """The string name of the underlying Queue."""
        return getattr(self._queue, "name", repr(self._queue))

    # -- the thread loop's hooks (runner_loop.py)
    def _closed_types(self) -> tuple[type[BaseException], ...]:
        return (*self._queue_closed_exception_types, *((StopIteration,) if self._eager else ()))

    def _runner(self, sess: Any, op: Any) -> Any:
        if self._eager:
            return op
        if op is getattr(self, "_tfdb_feed", None):
            return runner_feed.runner(sess, op)
        return sess.make_callable(op)

    def _thread_ops(self) -> list[Any]:
        return list(self._enqueue_ops) if getattr(self, "_tfdb_feed", None) is None else [self._tfdb_feed]

    def _session_key(self, sess: Any) -> Any:
        return _EAGER if self._eager and sess is None else sess

    def _on_thread_start(self) -> None:
        if self._eager:  # it feeds an eager queue that a bridge iterator may be waiting on
            gc_guard.mark_worker_thread()

    def _failed(self, sess: Any, op: Any, error: BaseException) -> None:
        if self._eager:
            _fail_queue(self._queue, op, error)

    def to_proto(self, export_scope=None):
        """A ``QueueRunnerDef`` (graph mode), as TensorFlow's ``QueueRunner.to_proto`` makes it."""
        return tf1.train.QueueRunner.to_proto(self, export_scope)

    @staticmethod
    def from_proto(queue_runner_def, import_scope=None):
        """A ``QueueRunner`` created from ``queue_runner_def``."""
        return QueueRunner(queue_runner_def=queue_runner_def, import_scope=import_scope)


def _fail_queue(queue: Any, enqueue_op: Any, error: BaseException) -> None:
    """Eager mode, no Coordinator: hand ``error`` to a bridge queue's consumer (after the elements already
    in it), where TensorFlow's runner would leave the consumer waiting for elements that never come."""
    fail = getattr(queue, "_fail", None)
    if fail is not None:
        producer = getattr(enqueue_op, "__qualname__", None) or repr(enqueue_op)
        fail(failures.mark(error, producer=producer, thread=threading.current_thread().name,
                           queue=getattr(queue, "name", None)))


def add_queue_runner(qr, collection=QUEUE_RUNNERS):
    """Adds a ``QueueRunner`` to a collection in the graph (in eager mode, to the bridge's own list)."""
    notice("train.add_queue_runner", stacklevel=2)
    if tf.executing_eagerly():
        _eager_runners.setdefault(collection, []).append(qr)
    else:
        tf1.add_to_collection(collection, qr)


def start_queue_runners(sess=None, coord=None, daemon=True, start=True, collection=QUEUE_RUNNERS):
    """Starts the queue runners collected in the graph and returns their threads: ``[]`` when every
    producer was lifted into tf.data (nothing needs a thread)."""
    notice("train.start_queue_runners", stacklevel=2)
    if tf.executing_eagerly():
        threads = []
        for qr in _eager_runners.get(collection, []):
            threads.extend(qr.create_threads(None, coord=coord, daemon=daemon, start=start))
        return threads
    if sess is None:
        sess = tf1.get_default_session()
        if not sess:
            raise ValueError("Cannot start queue runners: No default session is "
                             "registered. Use `with sess.as_default()` or pass an "
                             "explicit session to tf.start_queue_runners(sess=sess)")
    if not isinstance(sess, tf_private.SessionInterface):
        if sess.__class__.__name__ in ("MonitoredSession", "SingularMonitoredSession"):
            return []
        raise TypeError("sess must be a `tf.Session` object. Given class: {}".format(sess.__class__))
    threads = []
    # (a source with several consumers adds the runner of its shared queue; TensorFlow's own session must not
    # have run the graph before the drop-in changed it: first_run_probe.py)
    outside = None if type(sess).__module__.startswith("tfdata_bridge.") else sess
    shared_streams.settle(sess.graph, outside=outside)
    with sess.graph.as_default():
        for qr in tf1.get_collection(collection):
            if not isinstance(qr, lifted_runners.PipelineRunner):  # (a lifted call's: no thread, started below)
                threads.extend(qr.create_threads(sess, coord=coord, daemon=daemon, start=start))
        if start:  # lifted pipelines start producing now, as legacy's runners did (once per session)
            lifted_runners.start_pipelines(sess, coord)
    return threads
