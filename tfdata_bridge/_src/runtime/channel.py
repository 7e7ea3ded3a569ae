"""The bounded channel: a thread-safe queue with the semantics of TensorFlow's queue kernels.

It backs both the eager queues (``tfdata_bridge.FIFOQueue`` and friends) and the producer runtime that
feeds compiled datasets. Pure Python and numpy; errors are the channel's own and the layers above
translate them into ``tf.errors`` types.

Semantics copied from ``tensorflow/core/kernels/queue_base.cc`` and ``fifo_queue.cc``:

- Enqueue attempts (including a ``close()`` without cancel) are served strictly in order: an attempt
  that cannot finish blocks the ones behind it. ``enqueue_many`` moves elements in as room appears.
- Dequeue attempts are served in order too, and collect elements as they appear. A ``dequeue_many``
  that the close leaves short fails and puts what it collected back at the front; ``dequeue_up_to``
  returns what it has.
- ``close(cancel_pending_enqueues=True)`` fails every waiting enqueue; ``close()`` waits behind them.
- A random-shuffle buffer hands out elements only while it holds more than ``min_after_dequeue``,
  until it is closed.

Elements are tuples of numpy values; the channel never looks inside them (except a priority buffer,
which orders by the first component).
"""

from __future__ import annotations

import collections
import heapq
import itertools
import random
import threading
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

Element = tuple[Any, ...]

WAIT_SLICE_S = 0.1  # a blocked call re-checks for a pending Ctrl-C at least this often (see Channel._wait)


class ChannelError(Exception):
    """Base of the channel's own errors."""


class ChannelClosedError(ChannelError):
    """A dequeue found the channel closed with fewer elements than it requested."""

    def __init__(self, requested: int, size: int):
        super().__init__(f"closed and has insufficient elements (requested {requested}, current size {size})")
        self.requested = requested
        self.size = size


class EnqueueClosedError(ChannelError):
    """An enqueue found the channel closed."""


class EnqueueCancelledError(ChannelError):
    """A waiting enqueue was cancelled by ``close(cancel_pending_enqueues=True)``."""


class DequeueCancelledError(ChannelError):
    """A waiting dequeue was abandoned by its caller (``cancel_waiting_dequeues``)."""


# Buffers: the element store and the order in which elements leave.
class _FifoBuffer:
    def __init__(self) -> None:
        self._items: collections.deque[Element] = collections.deque()

    def __len__(self) -> int:
        return len(self._items)

    def push(self, item: Element) -> None:
        self._items.append(item)

    def pop(self) -> Element:
        return self._items.popleft()

    def pop_many(self, n: int) -> list[Element]:
        popleft = self._items.popleft
        return [popleft() for _ in range(n)]

    def restore(self, items: Sequence[Element]) -> None:
        """Put items taken by an attempt that failed back at the front, in their order."""
        self._items.extendleft(reversed(items))


class _ShuffleBuffer:
    def __init__(self, seed: int | None) -> None:
        self._items: list[Element] = []
        self._rng = random.Random(seed)

    def __len__(self) -> int:
        return len(self._items)

    def push(self, item: Element) -> None:
        self._items.append(item)

    def pop(self) -> Element:
        items = self._items
        i = self._rng.randrange(len(items))
        items[i], items[-1] = items[-1], items[i]
        return items.pop()

    def pop_many(self, n: int) -> list[Element]:
        return [self.pop() for _ in range(n)]

    def restore(self, items: Sequence[Element]) -> None:
        self._items.extend(items)


class _PriorityBuffer:
    def __init__(self) -> None:
        self._heap: list[tuple[int, int, Element]] = []
        self._seq = itertools.count()

    def __len__(self) -> int:
        return len(self._heap)

    def push(self, item: Element) -> None:
        heapq.heappush(self._heap, (int(item[0]), next(self._seq), item))

    def pop(self) -> Element:
        return heapq.heappop(self._heap)[2]

    def pop_many(self, n: int) -> list[Element]:
        return [self.pop() for _ in range(n)]

    def restore(self, items: Sequence[Element]) -> None:
        for item in items:
            self.push(item)


@dataclass(eq=False)
class _EnqueueAttempt:
    items: Sequence[Element]
    is_close: bool = False
    found_closed: bool = False  # a close attempt that found the channel already closed
    done: bool = False
    error: ChannelError | None = None
    next_index: int = 0
    waiter: threading.Condition | None = None  # set while its caller waits; notified when it is done


@dataclass(eq=False)
class _DequeueAttempt:
    requested: int
    mode: str  # "many" (dequeue/dequeue_many), "up_to", "available"
    minimum: int = 1  # "available": wait until this many are ready (or the channel is closed)
    collected: list[Element] = field(default_factory=list)
    done: bool = False
    error: BaseException | None = None
    waiter: threading.Condition | None = None  # set while its caller waits; notified when it is done


def _finish(attempt: _EnqueueAttempt | _DequeueAttempt) -> None:
    """Mark ``attempt`` done (channel lock held) and wake its caller if it waits."""
    attempt.done = True
    if attempt.waiter is not None:
        attempt.waiter.notify()


class Channel:
    """A bounded multi-producer, multi-consumer queue of elements.

    ``kind`` is one of ``fifo`` (also used for padding_fifo), ``random_shuffle`` and ``priority``.
    Besides the queue operations it carries a producer failure: after ``fail(exc)`` the elements
    already buffered are still delivered, then dequeues raise ``exc``.
    """

    def __init__(self, capacity: int, kind: str = "fifo", *, min_after_dequeue: int = 0,
                 seed: int | None = None, name: str = "channel") -> None:
        if capacity < 1:
            raise ValueError(f"capacity ({capacity}) must be >= 1")
        self.capacity = capacity
        self.kind = kind
        self.name = name
        self.min_after_dequeue = min_after_dequeue
        if kind == "random_shuffle":
            self._buffer: Any = _ShuffleBuffer(seed)
        elif kind == "priority":
            self._buffer = _PriorityBuffer()
        else:
            self._buffer = _FifoBuffer()
        self._lock = threading.Lock()
        self._cond = threading.Condition(self._lock)
        self._enqueues: collections.deque[_EnqueueAttempt] = collections.deque()
        self._dequeues: collections.deque[_DequeueAttempt] = collections.deque()
        self._closed = False
        self._failure: BaseException | None = None
        self._failure_tb: Any = None  # its traceback when it failed: each raise starts from it
        # The most elements an enqueue ever left buffered. Elements a dequeue had taken go back at a
        # close, cancel or timeout even when that exceeds capacity, as in TensorFlow's queues (so
        # enqueues then wait until the size is below capacity again); they do not count here.
        self.high_water = 0

    # ------------------------------------------------------------------ queries
    def size(self) -> int:
        with self._lock:
            return len(self._buffer)

    @property
    def closed(self) -> bool:
        with self._lock:
            return self._closed

    @property
    def failure(self) -> BaseException | None:
        return self._failure

    # ------------------------------------------------------------------ enqueue
    def put(self, item: Element, timeout: float | None = None) -> None:
        """Enqueue one element, waiting while the channel is full."""
        with self._lock:
            if self._closed:
                raise EnqueueClosedError(f"'{self.name}' is closed.")
            if not self._enqueues and len(self._buffer) < self.capacity:
                self._buffer.push(item)
                self._note_size()
                if self._dequeues:
                    self._flush()
                return
        self._enqueue_attempt(_EnqueueAttempt([item]), timeout)

    def put_many(self, items: Sequence[Element], timeout: float | None = None) -> None:
        """Enqueue several elements in order, moving them in as room appears."""
        if not items:
            with self._lock:
                if self._closed:
                    raise EnqueueClosedError(f"'{self.name}' is closed.")
            return
        self._enqueue_attempt(_EnqueueAttempt(list(items)), timeout)

    def close(self, cancel_pending_enqueues: bool = False) -> None:
        """Close the channel. Without cancel, waits until the enqueues already waiting have finished."""
        try:
            self.close_checked(cancel_pending_enqueues)
        except EnqueueCancelledError:
            pass  # a cancel closed it meanwhile

    def close_checked(self, cancel_pending_enqueues: bool = False) -> bool:
        """``close()`` reporting what TensorFlow's close op reports: True when this call closed the
        channel, False when it found it already closed (TensorFlow's close without cancel then fails with
        "Queue '...' is already closed."). A close waiting behind enqueues that a
        ``close(cancel_pending_enqueues=True)`` cancels raises ``EnqueueCancelledError``, as in TensorFlow."""
        with self._cond:
            if cancel_pending_enqueues:
                was_closed = self._closed
                for attempt in self._enqueues:
                    attempt.error = EnqueueCancelledError("Enqueue operation was cancelled")
                    _finish(attempt)
                self._enqueues.clear()
                self._closed = True
                self._flush()
                return not was_closed
            if self._closed and not self._enqueues:
                return False
            attempt = _EnqueueAttempt((), is_close=True)
            self._enqueues.append(attempt)
            self._flush()
            self._wait(attempt, None)
            if attempt.error is not None:
                raise attempt.error
            return not attempt.found_closed

    def fail(self, error: BaseException) -> None:
        """Record a producer failure (the first one wins) and close, cancelling waiting enqueues.

        Buffered elements are still delivered; after them, dequeues raise ``error``.
        """
        with self._cond:
            if self._failure is None:
                self._failure = error
                self._failure_tb = error.__traceback__
        self.close(cancel_pending_enqueues=True)

    # ------------------------------------------------------------------ dequeue
    def get(self, timeout: float | None = None) -> Element:
        return self._dequeue_attempt(_DequeueAttempt(1, "many"), timeout)[0]

    def get_many(self, n: int, *, allow_smaller: bool = False, timeout: float | None = None) -> list[Element]:
        """``dequeue_many`` (exactly n, or ``ChannelClosedError``) or, with ``allow_smaller``, ``dequeue_up_to``."""
        if n == 0:
            return []
        return self._dequeue_attempt(_DequeueAttempt(n, "up_to" if allow_smaller else "many"), timeout)

    def get_available(self, max_n: int, timeout: float | None = None, *, min_n: int = 1) -> list[Element]:
        """Wait for at least ``min_n`` elements (fewer once the channel is closed), then take up to ``max_n``
        of those ready. ``[]`` means the end: the channel is closed and empty (or a failure is pending,
        which the next call raises). ``min_n`` is capped at what the channel can hold."""
        minimum = max(1, min(min_n, max_n, self.capacity - self.min_after_dequeue))
        return self._dequeue_attempt(_DequeueAttempt(max_n, "available", minimum), timeout)

    def give_back(self, items: Sequence[Element]) -> None:
        """Put ``items`` (taken by a dequeue, never delivered) back at the front, in their order, as a
        failed ``dequeue_many`` does; also into a closed channel (they are still the queue's), and
        possibly beyond capacity."""
        if not items:
            return
        with self._cond:
            self._buffer.restore(list(items))
            self._flush()

    def cancel_waiting_dequeues(self, error: BaseException | None = None) -> None:
        """Wake every waiting dequeue with ``error`` (their collected elements go back to the buffer)."""
        with self._cond:
            for attempt in self._dequeues:
                self._buffer.restore(attempt.collected)
                attempt.collected = []
                attempt.error = error or DequeueCancelledError("Dequeue operation was cancelled")
                _finish(attempt)
            self._dequeues.clear()

    # ------------------------------------------------------------------ internals
    def _note_size(self) -> None:
        size = len(self._buffer)
        if size > self.high_water:
            self.high_water = size

    def _enqueue_attempt(self, attempt: _EnqueueAttempt, timeout: float | None) -> None:
        with self._cond:
            if self._closed:
                raise EnqueueClosedError(f"'{self.name}' is closed.")
            self._enqueues.append(attempt)
            self._flush()
            self._wait(attempt, timeout)
            if attempt.error is not None:
                raise attempt.error

    def _dequeue_attempt(self, attempt: _DequeueAttempt, timeout: float | None) -> list[Element]:
        with self._cond:
            self._dequeues.append(attempt)
            self._flush()
            self._wait(attempt, timeout)
            if attempt.error is not None:
                if attempt.error is self._failure:  # the producer's traceback, not grown by earlier raises
                    raise attempt.error.with_traceback(self._failure_tb)
                raise attempt.error
            return attempt.collected

    def _wait(self, attempt: Any, timeout: float | None) -> None:
        """Wait (lock held) until ``attempt`` is done. On timeout or interruption (KeyboardInterrupt), the
        attempt is withdrawn: a dequeue puts back what it collected, so nothing is lost.

        The wait is made of slices of at most ``WAIT_SLICE_S``: a SIGINT that lands after Python last
        checked for signals but before the thread blocks (CPython's lock acquire releases the GIL first,
        and a thread waiting for the GIL, such as the one sending the signal, runs just then) does not
        interrupt a wait without a timeout, and would be lost; the next slice raises it. Only the main
        thread runs signal handlers: elsewhere (a producer thread behind a full channel) the wait is one
        sleep until the attempt is done or the timeout passes, which costs nothing while it lasts
        (hundreds of abandoned iterations' producers waking ten times a second each starved the
        thread that destroys them)."""
        if attempt.done:
            return
        deadline = None if timeout is None else time.monotonic() + timeout
        slice_s = WAIT_SLICE_S if threading.get_ident() == threading.main_thread().ident else None
        # Each waiting attempt has its own condition on the channel's lock, notified only when that
        # attempt is done: with one shared condition every put or take woke every waiting thread (four
        # producer threads behind a full channel, each taking the GIL to find it still full).
        attempt.waiter = threading.Condition(self._lock)
        try:
            while not attempt.done:
                remaining = slice_s if deadline is None else deadline - time.monotonic()
                if slice_s is not None and remaining is not None:
                    remaining = min(slice_s, remaining)
                if remaining is not None and remaining <= 0:
                    raise TimeoutError(f"'{self.name}': timed out after {timeout} s")
                attempt.waiter.wait(remaining)
        except BaseException:
            if not attempt.done:
                self._withdraw(attempt)
            raise
        finally:
            attempt.waiter = None

    def _withdraw(self, attempt: Any) -> None:
        if isinstance(attempt, _DequeueAttempt):
            if attempt in self._dequeues:
                self._dequeues.remove(attempt)
            self._buffer.restore(attempt.collected)
            attempt.collected = []
        elif attempt in self._enqueues:
            self._enqueues.remove(attempt)
        attempt.done = True
        self._flush()

    def _flush(self) -> None:
        """Serve waiting attempts in order until none can progress (lock held)."""
        progressed = True
        while progressed:
            progressed = False
            # Enqueues, strictly in order.
            while self._enqueues:
                attempt = self._enqueues[0]
                if attempt.is_close:
                    attempt.found_closed = self._closed
                    self._closed = True
                elif self._closed:
                    attempt.error = EnqueueClosedError(f"'{self.name}' is closed.")
                else:
                    items = attempt.items
                    start = attempt.next_index
                    while attempt.next_index < len(items) and len(self._buffer) < self.capacity:
                        self._buffer.push(items[attempt.next_index])
                        attempt.next_index += 1
                        progressed = True
                    if attempt.next_index != start:
                        self._note_size()
                    if attempt.next_index < len(items):
                        break
                _finish(attempt)
                self._enqueues.popleft()
                progressed = True
            # Dequeues, strictly in order.
            while self._dequeues:
                attempt = self._dequeues[0]
                size = len(self._buffer)
                finished = self._serve_dequeue(attempt)
                if len(self._buffer) != size:
                    progressed = True  # a partial take made room a waiting enqueue can use
                if not finished:
                    break
                _finish(attempt)
                self._dequeues.popleft()
                progressed = True

    def _serve_dequeue(self, attempt: _DequeueAttempt) -> bool:
        """Move elements into ``attempt``; return True when it is finished (successfully or not)."""
        size = len(self._buffer)
        usable = size if self._closed else max(0, size - self.min_after_dequeue)
        if attempt.mode == "available":
            if usable >= attempt.minimum or (usable and self._closed):
                attempt.collected = self._buffer.pop_many(min(usable, attempt.requested))
                return True
            if self._closed and not size:
                if self._failure is not None:
                    attempt.error = self._failure
                return True
            return False
        want = attempt.requested - len(attempt.collected)
        seen = (want, size)  # TensorFlow's message reports what is still wanted and the size it found
        take = min(want, usable)
        if take:
            attempt.collected.extend(self._buffer.pop_many(take))
            want -= take
        if not want:
            return True
        if self._closed and not len(self._buffer):
            if attempt.mode == "up_to" and attempt.collected:
                return True
            collected = attempt.collected
            self._buffer.restore(collected)
            attempt.collected = []
            if self._failure is not None:
                attempt.error = self._failure
            else:
                attempt.error = ChannelClosedError(*seen)
            return True
        return False
