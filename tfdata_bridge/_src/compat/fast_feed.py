"""The feed-thread fast path: ``sess.run(enqueue_op, feed_dict={placeholder: value, ...})`` on a drop-in
queue, without a session step per element.

The feed-thread program pays a whole ``Session.run`` per element (about 200 µs: the step, the feed,
the fetch), which bounds it at a few thousand elements a second whatever the consumer does. When a
drop-in ``Session`` (``session.py``) is asked to run exactly one enqueue op whose inputs are exactly the
placeholders it is fed, it hands the values to this module instead: they wait in a small buffer of
the (session, queue) pair, in order, and a flusher thread moves them into TensorFlow's queue kernel
with one ``enqueue_many`` step per chunk. The consumer's ``dequeue_many`` is unchanged.

What stays as legacy, and what differs:
- Blocking: an enqueue is acknowledged only when the queue has room for it: the buffer keeps the queue's
  free room as last seen (``capacity - size``, less what is buffered and not yet moved), learnt for
  free from each step that moves a chunk (its ``size()`` runs after the ``enqueue_many``, in the same
  step), and from the consumer: a run of this session that dequeues from the queue (``dequeues_begin``
  / ``dequeues_end``, called by ``session.py``) adds the elements it took, unless a step that saw the
  size overlapped it (that size may count them already). When the room is spent, the feeding thread
  waits in Python for such a dequeue (woken by it, at most ``ROOM_WAIT_S``), so a feeder ahead of its
  consumer moves a chunk per batch, not a step per element. Where no dequeue comes in time (the consumer
  is one the buffer cannot see: a lifted pipeline, another session), it waits until the buffer is empty
  and runs its own enqueue step, as legacy's feeder did: it blocks in the kernel while the queue is
  full, and a ``close`` or a closed session cancels it as legacy's was. So the buffer never holds more
  than the queue has room for, and what was acknowledged is in the queue or on its way into free room
  (issue 20: a capacity-2 queue without a consumer took 128 acknowledged elements, lost at ``close``).
  The room seen is a lower bound while this session is the queue's only producer; an ordinary enqueue
  by another session of a ``shared_name`` queue is not counted until the next step.
- Chunks: the flusher waits ``LINGER_S`` after the first buffered element for more to move with it,
  unless hurried (the room is spent, a consumer's dequeue begins, a ``size()`` or a close waits).
- ``PaddingFIFOQueue``: fully defined shapes are stacked as any queue's; elements whose shapes have
  unknown dimensions cross padded with their own shapes, and one step cuts each back and enqueues it
  (``fast_feed_padding``), so the queue holds what legacy's per-element enqueues put there. That step is a
  ``while_loop``: two functions to trace (about 25 ms of CPU a queue) and to instantiate at its first run
  (about 20 ms), which a short program feeding a few dozen elements paid before its first batch (round
  22's audio program: the two queues' steps were 0.05 s of its 0.12 s in legacy). So the flusher moves a
  padding queue's first ``PADDED_STEP_AFTER`` fed elements with the program's own enqueue op, a step each
  (legacy's cost, off the feeding thread), and builds the chunk step, in its own thread, only when more
  come. Several queues fed from one thread each have their own buffer.
- Order: each feeding thread's elements reach the queue in the order it fed them.
- ``close``: a run that closes the queue (or a session that is closed) first moves what is buffered into
  the queue, so everything fed before the close is there, as legacy; an enqueue after close raises
  ``CancelledError``. A queue closed by another thread with ``cancel_pending_enqueues`` drops what was
  still buffered, as it cancelled legacy's pending enqueues.
- Errors: a value of the wrong dtype or shape is refused at once by the ordinary path (this one steps
  aside and TensorFlow raises its own error); an error of the flusher's step (the queue was closed) is
  raised by the feeding thread's next enqueue.
- ``size()`` counts what is in the kernel: up to ``CHUNK`` elements may still be in the buffer.
"""

from __future__ import annotations

import logging
import threading
import time
import weakref
from dataclasses import dataclass
from typing import Any

import numpy as np

from tfdata_bridge._src.compat import fast_feed_padding, queue_reading
from tfdata_bridge._src import plan, tf_private
from tfdata_bridge._src.compat.graph_tables import GraphTable
from tfdata_bridge._src.tf import tf

logger = logging.getLogger("tfdata_bridge")
tf1 = tf.compat.v1

CHUNK = plan.FEED_CHUNK  # elements moved into the queue per enqueue_many step, and the buffer's bound
POLL_S = 0.1  # how often a waiting thread looks whether its session was closed
LINGER_S = 0.002  # how long the flusher waits for more elements to move with the first, unless hurried
ROOM_WAIT_S = 0.2  # how long a feeder without room waits for a dequeue this session runs to make some
DRAIN_S = 5.0  # how long a run that closes a queue among other fetches waits for buffered elements
# a padding queue's fed elements moved one step each before its chunk step is built: a step costs about
# 0.2 ms, the chunk step's building and first run about 45 ms (the break-even near 200 elements)
PADDED_STEP_AFTER = 256


@dataclass(frozen=True)
class FedEnqueue:
    """A drop-in queue's enqueue op whose inputs are placeholders, and its batched twin."""

    queue: Any
    placeholders: tuple[Any, ...]  # in component order
    dtypes: tuple[Any, ...]  # numpy dtypes
    shapes: tuple[Any, ...]  # the queue's component shapes
    many: bool  # the op is an enqueue_many
    batched_op: Any  # enqueue_many of batch placeholders
    batched_inputs: tuple[Any, ...]
    capacity: int | None  # the queue's (None: unbounded)
    size_after: Any  # the queue's size() after the op itself: the feeder's own step when room is spent
    batched_size_after: Any  # the queue's size() after batched_op: what the flusher runs
    padded: bool = False  # elements may differ in shape: ``chunk_step`` makes fast_feed_padding's step
    # per placeholder, the shapes a fed value may have (None: any size there): the placeholder's shape and
    # the queue's (with a leading batch for enqueue_many) merged once, so a fed value is checked by
    # comparing ints; None where they disagree (no value fits both: the ordinary path raises)
    accepts: tuple[tuple[int | None, ...] | None, ...] = ()
    chunk_step: _PaddedStep | None = None  # a padding queue's (batched_op and its inputs are None then)


class _PaddedStep:
    """A padding queue's chunk step (``fast_feed_padding``), built by the flusher once ``PADDED_STEP_AFTER``
    fed elements went in a step each: ``(size after the chunk step, its inputs)``, or None until then (or
    where it could not be built: every element then goes in a step of its own, as legacy's did)."""

    def __init__(self, op: Any, queue: Any, dtypes: list[Any], shapes: list[Any]) -> None:
        self._op, self._queue, self._dtypes, self._shapes = op, queue, dtypes, shapes
        self._moved = 0
        self._made: tuple[Any, tuple[Any, ...]] | None = None
        self._failed = False
        self._lock = threading.Lock()  # (the flushers of several sessions fed through one enqueue op)

    def ready(self, coming: int) -> tuple[Any, tuple[Any, ...]] | None:
        """The step for ``coming`` more elements (called by flusher threads), or None: move them one step
        each."""
        with self._lock:
            if self._made is None and not self._failed and self._moved + coming > PADDED_STEP_AFTER:
                self._made = self._build()
                self._failed = self._made is None
            self._moved += coming
            return self._made

    def _build(self) -> tuple[Any, tuple[Any, ...]] | None:
        graph, op = self._op.graph, self._op
        try:
            # (op creation is thread-safe in TensorFlow's graph; name scope, control dependencies and device
            # stacks are the thread's own: the step is made as it would have been beside the enqueue op)
            with graph.as_default(), tf_private.unfinalized(graph), graph.name_scope(f"{op.name}_fast/"), \
                    graph.device(op.device or None):
                batched, inputs = fast_feed_padding.chunk_step(self._queue, self._dtypes, self._shapes)
                with tf1.control_dependencies([batched]):
                    batched_size = tf.queue.QueueBase.size(self._queue, name="size_after_chunk")
            return batched_size, inputs
        except Exception as e:  # noqa: BLE001 - the elements keep going in one step each, as legacy's did
            logger.debug("tfdata_bridge: %s: no chunk step for the padding queue (%s)", op.name, e)
            return None


_enqueues: GraphTable[dict[str, FedEnqueue]] = GraphTable("fed_enqueues")
_closes: GraphTable[dict[str, Any]] = GraphTable("fed_closes")


def register_enqueue(queue: Any, op: Any, values: list[Any], many: bool) -> None:
    """Record ``op`` (``queue.enqueue(values)`` or ``enqueue_many``) when every value is a placeholder and
    the queue's shapes are fully defined (so fed elements can be stacked), or it is a ``PaddingFIFOQueue``
    whose shapes have known ranks (its chunks cross padded: ``fast_feed_padding``). An enqueue inside a function
    (``tf.function``, a ``Dataset.map`` function) is left alone: its "placeholders" are the function's
    arguments, which no session feeds, and a placeholder added there would become one more argument."""
    if getattr(op.graph, "building_function", False):
        return
    if not values or not all(getattr(v, "op", None) is not None and v.op.type in ("Placeholder", "PlaceholderV2")
                             for v in values):
        return
    shapes = [tf.TensorShape(s) for s in queue.shapes] if queue.shapes else []
    if len(shapes) != len(values):
        return
    # A PaddingFIFOQueue's elements may differ in their unknown dimensions: its chunks cross padded
    padded = not all(s.is_fully_defined() for s in shapes)
    if padded and (type(queue).__name__ != "PaddingFIFOQueue" or any(s.rank is None for s in shapes)):
        return
    batched = batched_size = chunk_step = None
    inputs: tuple[Any, ...] = ()
    with tf1.name_scope(f"{op.name}_fast"):
        if padded:  # (built by the flusher when the first elements are in: _PaddedStep)
            chunk_step = _PaddedStep(op, queue, [v.dtype for v in values], shapes)
        else:
            inputs = tuple(tf1.placeholder(v.dtype, [None] + s.as_list()) for v, s in zip(values, shapes))
            # TensorFlow's own enqueue_many: the drop-in's would register this op in turn
            batched = tf.queue.QueueBase.enqueue_many(queue, by_name(queue, inputs), name="enqueue_chunk")
            # TensorFlow's own size(): the size after the enqueue, in the same step (the free room, for free)
            with tf1.control_dependencies([batched]):
                batched_size = tf.queue.QueueBase.size(queue, name="size_after_chunk")
        with tf1.control_dependencies([op]):
            size_after = tf.queue.QueueBase.size(queue, name="size_after_enqueue")
    capacity = queue.queue_ref.op.get_attr("capacity")
    entry = FedEnqueue(queue, tuple(values), tuple(v.dtype.as_numpy_dtype if v.dtype != tf.string else object
                                                   for v in values), tuple(shapes), many, batched, inputs,
                       capacity if capacity >= 0 else None, size_after, batched_size, padded,
                       tuple(_accepts(v.shape, s, many) for v, s in zip(values, shapes)), chunk_step)
    _enqueues.setdefault(op.graph, {})[op.name] = entry


def _accepts(placeholder: Any, queue_shape: Any, many: bool) -> tuple[int | None, ...] | None:
    """The dimensions a value fed to ``placeholder`` may have to go into a queue of ``queue_shape`` (known
    rank), None where no value can."""
    want = tf.TensorShape([None] if many else []).concatenate(queue_shape)
    try:
        return tuple(want.merge_with(placeholder).as_list())
    except ValueError:
        return None


def _fits(shape: tuple[int, ...], accepts: tuple[int | None, ...] | None) -> bool:
    return (accepts is not None and len(shape) == len(accepts)
            and all(a is None or a == d for a, d in zip(accepts, shape)))


def by_name(queue: Any, components: Any) -> Any:
    """``components`` as TensorFlow's enqueue takes them for ``queue``: a dict where it has names."""
    return dict(zip(queue.names, components)) if queue.names else list(components)


def register_close(queue: Any, op: Any, cancel: bool) -> None:
    _closes.setdefault(op.graph, {})[op.name] = (queue, cancel)


def fed_enqueue(sess: Any, fetches: Any, feed_dict: Any) -> FedEnqueue | None:
    """The registered enqueue ``fetches`` runs, when it is one and ``feed_dict`` feeds exactly its
    placeholders; else None (the ordinary path)."""
    if not feed_dict or not hasattr(fetches, "type") or not hasattr(fetches, "node_def"):
        return None
    entry = _enqueues.get(fetches.graph, {}).get(fetches.name)
    if entry is None or len(feed_dict) != len(entry.placeholders):
        return None
    return entry


class _Buffer:
    """The fed elements of one (session, queue) pair on their way into the queue."""

    def __init__(self, sess: Any, capacity: int | None) -> None:
        self._sess = weakref.ref(sess)
        self._cond = threading.Condition()
        self._items: list[tuple[FedEnqueue | None, Any]] = []
        self._in_flight = 0
        self._error: BaseException | None = None
        self._capacity = capacity
        # The queue's free room as last seen, less what the buffer holds: how many more elements may be
        # acknowledged without a step. None: not seen yet (the first enqueue makes its own step).
        self._room: int | None = None if capacity is not None else 1 << 62
        self._direct = False  # a feeding thread runs its own enqueue step (the room was spent)
        # Steps that see the queue's size (the flusher's chunks, a feeder's own step): how many began, how
        # many run now. A dequeue that began and ended with neither changing was not in the size seen.
        self._observed = 0
        self._observing = 0
        self._consumer = False  # this session's dequeues were seen to make room (a feeder may wait for them)
        self._in_vain = False  # a feeder waited for them in vain (until one is seen to make room again)
        self._hurry = False  # move what is buffered now: a feeder, a drain or a consumer waits for it
        self._first_at = 0.0  # when the oldest buffered element came
        self._thread = threading.Thread(target=self._flush_loop, name="tfdata_bridge-feed-flusher", daemon=True)
        self._thread.start()

    def put(self, entry: FedEnqueue, values: list[np.ndarray]) -> None:
        n = len(values[0]) if entry.many else 1
        deadline: float | None = None
        with self._cond:
            while True:
                if self._error is not None:
                    raise self._error
                if self._closed():
                    raise tf.errors.CancelledError(None, None, "Session has been closed.")
                room = self._room
                if room is not None and room >= n and len(self._items) < CHUNK and not self._direct:
                    self._room = room - n
                    first = not self._items
                    if first:
                        self._first_at = time.monotonic()
                    self._items.append((entry, values))
                    if self._room < 1 or len(self._items) >= CHUNK:  # the next one would wait: move them
                        self._hurry = True
                    if first or self._hurry:
                        self._cond.notify_all()
                    return
                if (room is None or room < n) and not self._items and not self._in_flight and not self._direct:
                    if self._consumer and room is not None:  # a dequeue this session runs will make room
                        now = time.monotonic()
                        deadline = now + ROOM_WAIT_S if deadline is None else deadline
                        if now < deadline:
                            self._cond.wait(min(POLL_S, deadline - now))
                            continue
                        # none came in time: the consumer is one this buffer cannot see (or it waits for
                        # more than the queue holds): no more waits until a dequeue is seen to make room
                        self._consumer, self._in_vain = False, True
                    self._direct = True  # the flusher is idle and stays so: this step is the only one
                    self._observed += 1
                    self._observing += 1
                    break
                self._hurry = True  # the room is spent or the buffer full: what it holds goes in now
                self._cond.notify_all()
                self._cond.wait(POLL_S)
        self._put_direct(entry, values)

    def _put_direct(self, entry: FedEnqueue, values: list[np.ndarray]) -> None:
        """The feeding thread's own enqueue step, as legacy's (it waits in the kernel while the queue is
        full); its size() after the enqueue says the room left."""
        size = None
        try:
            sess = self._sess()
            if sess is None:
                raise tf.errors.CancelledError(None, None, "Session has been closed.")
            size = tf1.Session.run(sess, entry.size_after, feed_dict=dict(zip(entry.placeholders, values)))
        finally:
            with self._cond:
                self._direct = False
                self._observing -= 1
                if size is not None:
                    self._seen_size(int(size), self._buffered())
                self._cond.notify_all()

    def _buffered(self) -> int:
        """Elements buffered and not yet moved (lock held)."""
        return sum(len(v[0]) if e.many else 1 for e, v in self._items if e is not None)

    def _seen_size(self, size: int, pending: int) -> None:
        """A step of this buffer saw the queue hold ``size``; ``pending`` elements were acknowledged since
        and are not in it (lock held). Only this buffer's steps add to the queue, one at a time, and
        consumers only take, so the room computed is never more than the queue has."""
        if self._capacity is not None:
            self._room = max(0, self._capacity - size - pending)

    def dequeue_begins(self) -> tuple[int, bool]:
        """A run of this session that dequeues from the queue begins: what is buffered goes in now (the
        consumer waits for it); the token for ``dequeue_ends``."""
        with self._cond:
            if self._items:
                self._hurry = True
                self._cond.notify_all()
            return self._observed, self._observing > 0

    def dequeue_ends(self, token: tuple[int, bool], taken: int) -> None:
        """That run took ``taken`` elements from the queue: room for as many more, unless a step that saw
        the queue's size overlapped the run (that size may already count them: the room stays as seen,
        a lower bound)."""
        if taken <= 0 or self._capacity is None:
            return
        with self._cond:
            observed, busy = token
            if busy or observed != self._observed or self._room is None:
                # (a feeder may wait for the next one, unless one already waited in vain)
                self._consumer = self._consumer or not self._in_vain
                return
            self._room += taken
            self._consumer, self._in_vain = True, False
            self._cond.notify_all()

    def drain(self, timeout: float) -> None:
        """Wait, at most ``timeout`` seconds, until everything buffered is in the queue."""
        deadline = time.monotonic() + timeout
        with self._cond:
            while (self._items or self._in_flight) and self._error is None and not self._closed():
                if time.monotonic() >= deadline:
                    return
                self._hurry = True
                self._cond.notify_all()
                self._cond.wait(POLL_S)

    def close_after(self, queue: Any, close_op: Any) -> None:
        """The program closes the queue: the flusher runs ``close_op`` once what is buffered is in the
        queue (legacy's close did not wait for a pending enqueue either), and later fast enqueues raise
        what legacy's enqueue raised after a close."""
        with self._cond:
            if not self._items:
                self._first_at = time.monotonic()
            self._items.append((None, close_op))
            self._hurry = True
            self._set_closed(queue)

    def cancel(self, queue: Any) -> None:
        """The program closes the queue cancelling pending enqueues: what is buffered is dropped."""
        with self._cond:
            self._items.clear()
            self._set_closed(queue)

    def mark_closed(self, queue: Any) -> None:
        """Later fast enqueues raise what legacy's enqueue raised after a close."""
        with self._cond:
            self._set_closed(queue)

    def _set_closed(self, queue: Any) -> None:
        if self._error is None:
            self._error = tf.errors.CancelledError(None, None, f"{type(queue).__name__} '{queue.name}' is closed.")
        self._cond.notify_all()

    def _closed(self) -> bool:
        sess = self._sess()
        return sess is None or tf_private.session_closed(sess)

    def _flush_loop(self) -> None:
        while True:
            with self._cond:
                while True:
                    if self._closed():
                        self._items.clear()
                        self._cond.notify_all()
                        return
                    if not self._items or self._direct:  # (a feeder's own step is the only one: its size says the room)
                        self._cond.wait(POLL_S)
                        continue
                    # A chunk step costs what a feeder's step did: wait, briefly, for more to move with it
                    wait = LINGER_S - (time.monotonic() - self._first_at)
                    if self._hurry or wait <= 0:
                        break
                    self._cond.wait(wait)
                chunk, self._items = self._items, []
                self._in_flight = len(chunk)
                self._hurry = False
                self._observed += 1
                self._observing += 1
                self._cond.notify_all()
            try:
                self._enqueue(chunk)
            except Exception as e:  # noqa: BLE001 - handed to the feeding thread's next enqueue
                with self._cond:
                    self._error = e if isinstance(e, tf.errors.OpError) else tf.errors.UnknownError(None, None, str(e))
                    self._in_flight = 0
                    self._observing -= 1
                    self._items.clear()
                    self._cond.notify_all()
                if not isinstance(e, tf.errors.OpError):
                    logger.error("tfdata_bridge: moving fed elements into the queue failed: %s", e)
                return
            with self._cond:
                self._in_flight = 0
                self._observing -= 1
                self._cond.notify_all()
            if any(entry is None for entry, _ in chunk):  # the queue is closed: nothing more can come
                return

    def _enqueue(self, chunk: list[tuple[Any, Any]]) -> None:
        sess = self._sess()
        if sess is None:
            return
        start = 0
        while start < len(chunk):  # consecutive elements of one enqueue op go in one step
            entry = chunk[start][0]
            if entry is None:  # a close the program asked for (close_after)
                tf1.Session.run(sess, chunk[start][1])
                start += 1
                continue
            end = start
            while end < len(chunk) and chunk[end][0] is entry:
                end += 1
            step = (entry.batched_size_after, entry.batched_inputs) if entry.chunk_step is None else \
                entry.chunk_step.ready(end - start)
            if step is None:  # a padding queue's first elements: the program's own enqueue, a step each
                for _, values in chunk[start:end]:
                    size = tf1.Session.run(sess, entry.size_after, feed_dict=dict(zip(entry.placeholders, values)))
            else:
                feeds = dict(zip(step[1], _chunk_values(entry, chunk[start:end])))
                size = tf1.Session.run(sess, step[0], feed_dict=feeds)
            start = end
            later = sum(len(v[0]) if e.many else 1 for e, v in chunk[start:] if e is not None)
            with self._cond:
                self._seen_size(int(size), self._buffered() + later)
                self._cond.notify_all()


def _chunk_values(entry: FedEnqueue, part: list[tuple[Any, Any]]) -> list[np.ndarray]:
    """The values of ``entry.batched_inputs`` for consecutive fed values of ``entry``."""
    parts = [values for _, values in part]
    if entry.padded:  # elements may differ in shape: padded, with their shapes (fast_feed_padding)
        elements = [[v[j] for v in p] for p in parts for j in range(len(p[0]))] if entry.many else parts
        return fast_feed_padding.chunk_feed(elements, list(entry.dtypes), list(entry.shapes))
    return [np.concatenate([p[i] for p in parts]) if entry.many else np.stack([p[i] for p in parts])
            for i in range(len(entry.placeholders))]


_buffers: weakref.WeakKeyDictionary[Any, dict[int, _Buffer]] = weakref.WeakKeyDictionary()
_MISSING = object()
_lock = threading.Lock()


def put(sess: Any, entry: FedEnqueue, feed_dict: dict[Any, Any]) -> bool:
    """Hand the fed values to the queue's buffer; False (nothing done) where a value is not exactly what
    the placeholder and the queue take, so the ordinary path raises TensorFlow's own error."""
    values = []
    for placeholder, dtype, accepts in zip(entry.placeholders, entry.dtypes, entry.accepts):
        value = feed_dict.get(placeholder, _MISSING)
        if value is _MISSING:
            return False
        # a copy: the value as it is now, as legacy's run took it; the caller may change its array in place
        # once the run returns (a reused buffer, a view of data it shuffles), while this one waits
        value = np.array(value, dtype=dtype)
        if not _fits(value.shape, accepts):  # (per element: ints compared, no TensorShape made)
            return False
        values.append(value)
    if entry.many and len({v.shape[0] for v in values}) != 1:
        return False
    with _lock:
        if tf_private.session_closed(sess):
            return False
        buffer = _buffers.setdefault(sess, {}).get(id(entry.queue))
        if buffer is None:
            buffer = _buffers[sess][id(entry.queue)] = _Buffer(sess, entry.capacity)
    buffer.put(entry, values)
    return True


def before_run(sess: Any, fetches: Any) -> bool:
    """Before an ordinary run: where it closes a queue that has fed elements buffered, see to them.
    True when the run is taken care of here (it was exactly a close op, now queued behind the
    elements), so the caller returns None without running it."""
    buffers = _buffers.get(sess)
    if not buffers:
        return False
    closes = _closes.get(getattr(sess, "graph", None), {})
    single = not isinstance(fetches, (list, tuple, dict))
    flat = [fetches] if single else fetches if isinstance(fetches, (list, tuple)) else list(fetches.values())
    if any(getattr(getattr(f, "op", f), "type", None) == "QueueSizeV2" for f in flat):
        for buffer in list(buffers.values()):  # size() counts what was fed, as legacy's did once enqueued
            buffer.drain(DRAIN_S)
    for fetch in [fetches] if single else fetches if isinstance(fetches, (list, tuple)) else []:
        queue, cancel = closes.get(getattr(fetch, "name", None), (None, False))
        buffer = buffers.get(id(queue)) if queue is not None else None
        if buffer is None:
            continue
        if cancel:
            buffer.cancel(queue)  # the run itself cancels an enqueue the flusher is blocked in
        elif single:
            buffer.close_after(queue, fetch)
            return True
        else:
            buffer.drain(DRAIN_S)
            buffer.mark_closed(queue)
    return False


def is_queue_op(sess: Any, fetch: Any) -> bool:
    """Whether ``fetch`` is a drop-in queue's enqueue fed from placeholders, or a close, in ``sess``'s graph."""
    name = getattr(fetch, "name", None)
    graph = getattr(sess, "graph", None)
    return name in _enqueues.get(graph, {}) or name in _closes.get(graph, {})


def drain(sess: Any) -> None:
    """Wait (at most ``DRAIN_S`` per queue) until what was fed through ``sess`` is in its queues: before
    a run that enqueues or closes the ordinary way, so it comes after them, as in legacy."""
    for buffer in list(_buffers.get(sess, {}).values()):
        buffer.drain(DRAIN_S)


def dequeues_begin(sess: Any, fetches: Any) -> list[tuple[Any, ...]] | None:
    """Before a run: the fetches that dequeue from a queue ``sess`` feeds through a buffer, each with its
    buffer's token (what is buffered for them goes in now); None when there are none (the usual case)."""
    buffers = _buffers.get(sess)
    if not buffers:
        return None
    try:
        flat = tf.nest.flatten(fetches)
    except (TypeError, ValueError):
        return None
    found: list[tuple[Any, ...]] = []
    for index, fetch in enumerate(flat):
        source = queue_reading.dequeue_source(fetch) if isinstance(fetch, tf.Tensor) else None
        buffer = buffers.get(id(source.queue)) if source is not None else None
        if buffer is not None and all(b is not buffer for b, *_ in found):
            found.append((buffer, index, source, buffer.dequeue_begins()))
    return found or None


def dequeues_end(found: list[tuple[Any, ...]] | None, results: Any) -> None:
    """After the run that ``dequeues_begin`` saw: the room its dequeues made (none when it failed:
    ``results`` None)."""
    if not found:
        return
    flat = tf.nest.flatten(results) if results is not None else None
    for buffer, index, source, token in found:
        if flat is None:
            taken = 0
        elif source.method == "dequeue":
            taken = 1
        elif source.method == "dequeue_many" and source.n is not None:
            taken = source.n
        else:
            taken = len(flat[index]) if index < len(flat) and np.ndim(flat[index]) else 0
        buffer.dequeue_ends(token, taken)
