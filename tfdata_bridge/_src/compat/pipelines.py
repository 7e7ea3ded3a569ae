"""The drop-in's graph-mode pipelines, per graph: what ``start_queue_runners`` starts and what the
drop-in ``Session`` recognises in an error.

- Production starts when legacy starts it. After ``start_queue_runners(sess)`` a legacy producer fills
  its queue up to capacity before the first batch is asked for. A lifted pipeline's iterator is built
  with ``experimental_warm_start`` (its prefetch threads start when the iterator is created), and
  ``start_queue_runners`` creates it by running the iterator op: the producers run ahead, bounded by the
  pipeline's capacity, as legacy's did. That run happens on a thread of its own, as legacy's
  ``start_queue_runners`` started its runner threads and returned (``_create_iterators``): the session
  optimizes each new run's graph first (grappler, over the functions of the iterators' factories: 0.1-0.2 s
  on a file pipeline), and that now overlaps the program's own first run, which waits for the iterator
  being made instead of making another.
- The classic loop, exactly. In legacy a producer's error went to the ``Coordinator`` given to
  ``start_queue_runners`` (``request_stop(e)``), the consumer saw ``OutOfRangeError`` (the queue was
  cancelled), and ``coord.join()`` re-raised the error. A lifted producer has no thread: its error
  arrives in the consumer's ``sess.run``. The drop-in ``Session`` (``session.py``) hands it to that
  coordinator and raises ``OutOfRangeError`` in its place (``consumer_error``), so every loop shape
  (``except OutOfRangeError``, ``except OpError``, ``coord.stop_on_exception()``) ends as legacy's
  did and ``join`` re-raises the producer's error.
"""

from __future__ import annotations

import logging
import re
import threading
import weakref
from typing import Any

from tfdata_bridge._src.compat.graph_tables import GraphTable
from tfdata_bridge._src.tf import tf

tf1 = tf.compat.v1
logger = logging.getLogger("tfdata_bridge")

# graph -> the iterator ops of its lifted pipelines; graph -> {name of a get_next op: its pipeline's name}
_iterators: GraphTable[list[Any]] = GraphTable("pipeline_iterators")
_get_next: GraphTable[dict[str, str]] = GraphTable("pipeline_get_next")
_blocking: GraphTable[dict[str, str]] = GraphTable("pipeline_blocking")
# graph -> what starts the producers of its pipelines that have no prefetch (StartedBatches)
_early: GraphTable[list[Any]] = GraphTable("pipeline_early")
# session -> the coordinator start_queue_runners was given for it
_coordinators: weakref.WeakKeyDictionary[Any, Any] = weakref.WeakKeyDictionary()
_lock = threading.Lock()
_NODE = re.compile(r"\[\[(?:\{\{node )?([^\]\}]+)")


def register(iterator: Any, get_next: list[Any], name: str, may_block: bool = True, early: Any = None,
             start: bool = True) -> None:
    """Record a pipeline's one-shot iterator and the op of its ``get_next()`` tensors. ``may_block``: its
    elements come from Python code (a ``py_func``, a Python producer) or a queue's runner threads, so a
    consumer may wait on a call that TensorFlow cannot cancel (``blocking_get_next_ops``). A pipeline of
    TensorFlow's own ops alone (files, parsing) can too, on a native read that blocks, so
    ``session_release`` hands every pipeline's run to a worker thread (issue 20 item 6).

    ``early``: the pipeline has no prefetch, so creating its iterator would start nothing; ``started``
    starts its producers through this ``compat.started_batches.StartedBatches`` instead, and leaves the
    iterator to the first run that reads it (one session step fewer before the first batch). Its
    producers stop when the session that began their run closes (``closed``; producers nobody took, when
    any session of the graph closes), or with the graph.

    ``start=False``: ``started`` leaves the iterator alone (a one-at-a-time ``dequeue()`` of an input
    producer: its iterator is made by the first run that reads it, and one whose stream a batch took
    over must never run); only its errors are recognised (``consumer_error``)."""
    graph = get_next[0].graph
    with _lock:
        if early is not None:
            _early.setdefault(graph, []).append(early)
        elif start:  # running the iterator's string handle creates it (public API: no internal attribute)
            _iterators.setdefault(graph, []).append(iterator.string_handle().op)
        _get_next.setdefault(graph, {})[get_next[0].op.name] = name
        if may_block:
            _blocking.setdefault(graph, {})[get_next[0].op.name] = name
    if early is not None:
        weakref.finalize(graph, early.stop, join=False).atexit = False


def started(sess: Any, coord: Any) -> threading.Thread | None:
    """``start_queue_runners(sess, coord)`` ran, or a monitored session created ``sess`` with its own
    ``coord`` (``monitored.BridgeHook``): start the graph's pipelines, remember ``coord``; the thread that
    creates their iterators, if any (``lifted_runners.PipelineRunner.create_threads`` returns it)."""
    with _lock:
        ops = list(_iterators.get(sess.graph, []))
        early = list(_early.get(sess.graph, []))
        if coord is not None:
            _coordinators[sess] = coord
    for batches in early:
        batches.start()
    return _create_iterators(sess, ops, coord) if ops else None


def _create_iterators(sess: Any, ops: list[Any], coord: Any) -> threading.Thread:
    """Run ``ops`` (the iterators' string handles: running one creates its iterator, whose warm start begins
    production) on a thread of its own, registered with ``coord`` (``coord.join`` waits for it, as for
    legacy's runner threads). An error is not lost: the program's first run that reads the pipeline makes
    the iterator itself and raises it, where legacy's consumer saw its runner's error."""
    def create() -> None:
        try:
            sess.run(ops)
        except Exception as e:  # noqa: BLE001 - the consumer's own run raises it (see above)
            logger.debug("creating the iterators of the lifted pipelines at start_queue_runners: %s", e)

    thread = threading.Thread(target=create, name="tfdata_bridge-start-pipelines", daemon=True)
    if coord is not None:
        coord.register_thread(thread)
    thread.start()
    return thread


def closed(sess: Any) -> None:
    """``sess`` is closing: stop the producers ``started`` started that no run took, and those of the
    runs ``sess`` began."""
    with _lock:
        early = list(_early.get(sess.graph, []))
    for batches in early:
        batches.stop(owner=sess)


# graph -> {session: its sess.run calls in progress}, for the graphs with pipelines that have no prefetch
_in_run: dict[Any, dict[Any, int]] = {}


def run_begins(sess: Any) -> bool:
    """A drop-in ``sess.run`` begins; True where ``run_ends`` must follow (``sole_running`` keeps count)."""
    graph = sess.graph
    if graph not in _early:
        return False
    with _lock:
        runs = _in_run.setdefault(graph, {})
        runs[sess] = runs.get(sess, 0) + 1
    return True


def run_ends(sess: Any) -> None:
    graph = sess.graph
    with _lock:
        runs = _in_run[graph]
        runs[sess] -= 1
        if not runs[sess]:
            del runs[sess]
        if not runs:
            del _in_run[graph]


def sole_running(graph: Any) -> Any:
    """The session whose ``sess.run`` on ``graph`` is in progress, if exactly one is (else None): where a
    pipeline's run begins, the session it belongs to."""
    with _lock:
        runs = _in_run.get(graph)
        return next(iter(runs)) if runs is not None and len(runs) == 1 else None


def get_next_ops(graph: Any) -> dict[str, str]:
    """{name of a lifted pipeline's get_next op in ``graph``: the pipeline's name} (a copy)."""
    with _lock:
        return dict(_get_next.get(graph, {}))


def blocking_get_next_ops(graph: Any) -> dict[str, str]:
    """``get_next_ops`` of the pipelines registered with ``may_block`` (a copy)."""
    with _lock:
        return dict(_blocking.get(graph, {}))


def consumer_error(sess: Any, error: Any) -> Any:
    """What the consumer's ``sess.run`` raises for ``error``: the error itself, or, where a producer of
    a pipeline failed and ``start_queue_runners`` was given a coordinator for ``sess``, the
    ``OutOfRangeError`` legacy's cancelled queue gave, after handing the error to the coordinator."""
    if isinstance(error, (tf.errors.OutOfRangeError, tf.errors.CancelledError)):
        return error
    with _lock:
        coord = _coordinators.get(sess)
        ours = _get_next.get(sess.graph, {})
    # The error names the ops it passed through, innermost first ("[[{{node lifted/PyFunc}}]] [[batch]]");
    # a session's errors carry no op object, so the names are all there is.
    names = [ours[n] for n in failed_pipelines(error, list(ours))]
    if coord is None or not names:
        return error
    return producer_failed(sess, error, names[-1])


def failed_pipelines(error: Any, get_next_ops: list[str]) -> list[str]:
    """Which of ``get_next_ops`` (op names) ``error`` passed through, innermost first."""
    return [n for n in _NODE.findall(error.message or "") if n in get_next_ops]


_LIFTED_NODE = re.compile(r"\{\{node (?:[^{}]*?/)?lifted/([^{}]+)\}\}")  # an op re-imported into tf.data
_DATASET_CONTEXT = re.compile(r"\n\t \[\[(?!\{\{node )[^\n]*\]\]")  # "[[batch]]": the iterator's own node
# tf.data's retelling of an error in a map function it runs in parallel (a map not fused with its batch)
_FUNCTION_CONTEXT = re.compile(r"Error in user-defined function passed to \S+ transformation with iterator: \S+: ")


def as_the_runner_raised(error: Any) -> Any:
    """``error`` (a record's, from a ``Session.run`` of the drop-in's) as legacy's runner thread raised it:
    the kernel's own message, not ``Session.run``'s "Graph execution error: Detected at node..." retelling
    (the error it was made from is its ``__context__``), the record's op named as the program named it
    (``{{node DecodeCSV}}``, not ``{{node batch/retry/lifted/DecodeCSV}}``), without the tf.data iterator's
    own context line, and no op attached, as legacy's."""
    # The kernel's error is the first in the __context__ chain whose words the retelling quotes; further
    # down the chain are errors that were being handled (a failed batch whose records were being retried).
    raw, seen = error, error.__context__
    while isinstance(seen, tf.errors.OpError):
        first = (seen.message or "").split("\n", 1)[0]
        if first and first in error.message and seen.message != error.message:
            raw = seen
            break
        seen = seen.__context__
    message = _DATASET_CONTEXT.sub("", _LIFTED_NODE.sub(lambda m: "{{node " + m.group(1) + "}}", raw.message))
    message = _FUNCTION_CONTEXT.sub("", message)
    try:
        return type(raw)(None, None, message)
    except TypeError:  # an OpError subclass with another signature: the error stands as it came
        return error


def producer_failed(sess: Any, error: Any, name: str) -> Any:
    """What the consumer of pipeline ``name`` gets for its producer's ``error``: with a coordinator given
    to ``start_queue_runners`` for ``sess``, the ``OutOfRangeError`` legacy's cancelled queue gave, after
    handing ``error`` to the coordinator; else ``error``."""
    with _lock:
        coord = _coordinators.get(sess)
    error = as_the_runner_raised(error)
    if coord is None:
        return error
    # (as exc_info: given an exception, request_stop keeps sys.exc_info(), the error being handled)
    coord.request_stop((type(error), error, error.__traceback__))
    return tf.errors.OutOfRangeError(
        error.node_def, error.op,
        f"{name} is closed and has insufficient elements: a producer failed and the Coordinator was asked to stop "
        f"(Coordinator.join() raises its error: {type(error).__name__})")
