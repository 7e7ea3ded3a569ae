"""The inside of one process worker: run a producer, hand its elements over in shared-memory chunks.

``main`` is the target of each worker process (spawned, never forked: TensorFlow is not fork-safe). It
imports no TensorFlow: numpy, this package's light runtime modules, and the user's producer.

The worker talks to the consumer over one duplex pipe (small messages only; elements go through shared
memory, see ``shared_chunks``):

- worker -> consumer: ``("segment?", slot, nbytes)`` (a slot needs a segment that big),
  ``("chunk", slot, layout)``, ``("done",)``, ``("error", packed)``;
- consumer -> worker: ``("segment", slot, name)``, ``("free", slots)`` (read, reusable), ``("stop",)``.

A worker holds ``slots`` chunks in flight at most, then waits for one to be read: the consumer's
backpressure. How big a chunk grows (each chunk costs the consumer about the same, whatever it holds, so
fewer and larger is cheaper; a chunk the consumer waits for is latency):

- full (``chunk_elements`` elements or ``chunk_bytes`` bytes): sent at once;
- while the consumer is waiting (its ``hungry`` flag, one byte of shared memory it sets while it finds
  nothing to take): sent as soon as it holds whole consumer batches (``unit`` elements, the rest kept for
  the next), or, short of a batch, once its first element has waited the time one batch takes here (the
  producer's pace, between ``linger_s`` and ``max_linger_s``): so the first batch is prompt and a
  producer that turns slow still hands over what it made;
- while the consumer has data: kept gathering, up to full or ``max_linger_s`` at most.

The last two are the job of a timer thread, so a producer whose call never returns still hands over what
it made. It ignores SIGINT (a Ctrl-C typed in a terminal reaches the whole process
group; the consumer stops the workers), and ends when the consumer says stop or goes away (its pipe
closes, or, checked every ``ORPHAN_CHECK_S`` by a thread of its own, the consumer's process dies).
"""

from __future__ import annotations

import os
import select
import signal
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from multiprocessing.connection import Connection
from typing import Any

from tfdata_bridge._src.plan.capacity import CHUNK_LIMIT
from tfdata_bridge._src.runtime import shared_chunks, worker_errors, worker_info
from tfdata_bridge._src.runtime.elements import ElementConverter
from tfdata_bridge._src.runtime.workers import _is_end_of_data
from tfdata_bridge._src.spec.producer import Producer
from tfdata_bridge._src.spec.signature import Signature


@dataclass(frozen=True)
class Job:
    """What one worker runs, and how it hands elements over."""

    producer: Producer
    signature: Signature
    info: worker_info.WorkerInfo
    where: str  # "process worker 1 of 2 of producer 'make'", for messages
    chunk_elements: int = CHUNK_LIMIT
    chunk_bytes: int = 4 << 20
    linger_s: float = 0.02  # the least a partial chunk waits while the consumer waits
    max_linger_s: float = 0.2  # the most any chunk's first element waits
    unit: int = 1  # the consumer's batch: a chunk sent early holds whole multiples of it
    hungry: str | None = None  # the consumer's waiting flag (a one-byte segment), None: always waiting
    # chunks in flight (written, not yet read) per worker: enough for the consumer's receiver to be late
    # by several lingers on a loaded machine without stalling the worker; at most slots * chunk_bytes
    # (plus one element) of shared memory per worker
    slots: int = 8
    consumer_pid: int = 0  # the consumer's process: this worker's parent until that process dies
    # an index producer: the next index not yet taken, shared by its workers (a multiprocessing.Value),
    # and how many indices a worker takes at a time (``_values``)
    counter: Any = None
    grain: int = 1


class _Stopped(Exception):
    """The consumer said stop."""


class _Gone(Exception):
    """The consumer's end of the pipe is closed (it stopped, or its process died)."""


ORPHAN_CHECK_S = 0.5  # how often a worker checks that the consumer's process is still its parent


def main(conn: Connection, job: Job) -> None:
    """Run ``job`` to its end, to a stop, or to its producer's exception (sent to the consumer)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    threading.Thread(target=_exit_when_orphaned, args=(job.consumer_pid or os.getppid(),), daemon=True,
                     name="tfdata_bridge-orphan-check").start()
    worker_info.enter(job.info)
    link = _Link(conn, job.slots)
    try:
        _run(job, link)
        link.send(("done",))
    except (_Stopped, _Gone):
        pass
    except BaseException as error:  # noqa: BLE001 - every failure of the producer goes to the consumer
        try:
            link.send(("error", worker_errors.pack(error)))
        except _Gone:
            pass
    finally:
        link.close()


def _exit_when_orphaned(parent: int) -> None:
    """End this worker when the consumer's process is gone (killed by SIGKILL or SIGTERM, which run no
    exit hook): the worker is then re-parented, even while its producer is in a call that never returns."""
    while os.getppid() == parent:
        time.sleep(ORPHAN_CHECK_S)
    os._exit(0)


def _run(job: Job, link: _Link) -> None:
    producer = job.producer
    converter = ElementConverter(job.signature, producer.label)
    pending = _Pending(job, link)
    index = 0
    try:
        for value in _values(producer, job.info, job.counter, job.grain):
            items = converter.many(value, index) if producer.enqueue_many else [converter.one(value, index)]
            index += len(items)
            pending.add(items)
            link.poll()
    except (_Stopped, _Gone):
        raise
    except BaseException:
        pending.end()  # what was made before the failure is delivered before it, as from a thread
        raise
    pending.end()


class _Pending:
    """The chunk being gathered, sent as the module says: by the producer's thread (full, or whole batches
    while the consumer waits) or by a timer thread (a partial chunk that has waited long enough)."""

    TICK_S = 0.005  # how often the timer looks at the consumer's flag and the chunk's age

    def __init__(self, job: Job, link: _Link, hungry: Callable[[], bool] | None = None) -> None:
        self._job = job
        self._link = link
        self._items: list[Any] = []
        self._size = 0
        self._started = 0.0
        self._last = 0.0  # when the last element came
        self._pace = 0.0  # seconds per element, a running average (0: not known yet)
        self._hungry = hungry or _flag(job.hungry)
        self._ended = threading.Event()
        self._wake = threading.Event()  # the timer's alarm: a first element came, or the end
        self._timer = threading.Thread(target=self._linger, daemon=True, name="tfdata_bridge-linger")
        self._timer.start()

    def add(self, items: list[Any]) -> None:
        if not items:
            return
        job = self._job
        with self._link.lock:
            now = time.monotonic()
            if self._last:
                gap = (now - self._last) / len(items)
                self._pace = gap if not self._pace else 0.8 * self._pace + 0.2 * gap
            self._last = now
            if not self._items:
                self._started = now
                self._wake.set()  # the timer sleeps while there is nothing to send: now there is
            self._items += items
            self._size += sum(shared_chunks.nbytes(e) for e in items)
            if len(self._items) >= job.chunk_elements or self._size >= job.chunk_bytes:
                self._send(len(self._items))
            elif job.unit > 1 and len(self._items) >= job.unit and self._hungry():
                self._send(len(self._items) - len(self._items) % job.unit)

    def end(self) -> None:
        self._ended.set()
        self._wake.set()
        with self._link.lock:
            if self._items:
                self._send(len(self._items))

    def _send(self, n: int) -> None:  # (lock held)
        items, self._items = self._items[:n], self._items[n:]
        self._size = sum(shared_chunks.nbytes(e) for e in self._items) if self._items else 0
        if self._items:
            self._started = self._last
        self._link.send_chunk(items)

    def _patience(self) -> float:
        """How long a partial chunk waits while the consumer waits: the time one batch takes here."""
        job = self._job
        return min(job.max_linger_s, max(job.linger_s, 1.5 * job.unit * self._pace))

    def _linger(self) -> None:
        """Send a partial chunk once it has waited long enough. The timer wakes only when there is
        something to decide: a first element came, the chunk's patience is up, or (then, while the
        consumer has data) every ``TICK_S`` until ``max_linger_s``, since the consumer's flag sends no
        signal. Each wake-up takes the GIL from the producer's thread: ticking all the time (every 5 ms)
        cost a producer that holds the GIL a switch (up to the 5 ms switch interval) 200 times a second."""
        job = self._job
        tick = min(self.TICK_S, job.linger_s / 2)
        while not self._ended.is_set():
            with self._link.lock:
                wait: float | None = None  # nothing gathered: until a first element comes
                if self._items and not self._link.ending:
                    age = time.monotonic() - self._started
                    patience = self._patience()
                    if age >= job.max_linger_s or (age >= patience and self._hungry()):
                        try:
                            self._send(len(self._items))
                        except (_Stopped, _Gone):
                            return  # (the link remembers: the producer's thread raises it at its next element)
                        continue
                    wait = patience - age if age < patience else min(tick, job.max_linger_s - age)
                    wait = max(wait, tick / 5)
                self._wake.clear()  # (under the lock: an element added after this sets it again)
            self._wake.wait(wait)


def _flag(name: str | None) -> Any:
    """``hungry()``: whether the consumer is waiting (its flag segment's byte is set)."""
    return (lambda: True) if name is None else _Flag(name)


class _Flag:
    def __init__(self, name: str) -> None:
        self._segment = shared_chunks.attach(name)  # (held open while the worker runs)
        self._buf = self._segment.buf

    def __call__(self) -> bool:
        return self._buf[0] != 0


def _values(producer: Producer, info: worker_info.WorkerInfo, counter: Any = None, grain: int = 1) -> Iterator[Any]:
    """What this worker's copy of ``producer`` makes: a generator runs whole (it shards itself through
    ``worker_info()``); a call producer with ``calls`` makes this worker's share of them, exactly; an index
    producer takes ``grain`` indices at a time from the ``counter`` its workers share, until none is left
    (so a worker that started late, or runs slower, makes fewer: no worker runs alone at the end)."""
    fn = producer.fn
    if producer.kind == "index":
        count = producer.calls
        if counter is None:  # (not shared: this worker's static share)
            for i in range(info.id, count, info.num_workers):
                yield fn(i)
            return
        while True:
            with counter.get_lock():
                start = counter.value
                stop = min(count, start + grain)
                counter.value = stop
            if start >= count:
                return
            for i in range(start, stop):
                yield fn(i)
    if producer.kind == "generator":
        epoch = 0
        while producer.epochs is None or epoch < producer.epochs:
            yield from fn()
            epoch += 1
        return
    calls = None if producer.calls is None else len(range(info.id, producer.calls, info.num_workers))
    made = 0
    while calls is None or made < calls:
        try:
            value = fn()
        except BaseException as error:
            if _is_end_of_data(error):
                return
            raise
        made += 1
        yield value


class _Link:
    """The worker's end of the pipe, and the shared-memory slots it writes chunks into."""

    def __init__(self, conn: Connection, slots: int) -> None:
        self._conn = conn
        self._ready = select.poll()  # (Connection.poll builds a selector per call: this is made once)
        self._ready.register(conn.fileno(), select.POLLIN)
        self._segments: list[Any] = [None] * slots
        self._free = list(range(slots))
        self.lock = threading.RLock()  # the producer's thread and the linger timer both send
        self.ending: type[Exception] | None = None  # _Stopped or _Gone, once seen

    def send(self, message: tuple[Any, ...]) -> None:
        with self.lock:
            self._check()
            try:
                self._conn.send(message)
            except (OSError, EOFError) as error:
                self.ending = _Gone
                raise _Gone() from error

    def _recv(self) -> tuple[Any, ...]:
        try:
            return self._conn.recv()
        except (OSError, EOFError) as error:
            self.ending = _Gone
            raise _Gone() from error

    def _check(self) -> None:
        if self.ending is not None:
            raise self.ending()

    def poll(self) -> None:
        """Take in what the consumer sent (freed slots, a stop) without waiting; after each element."""
        with self.lock:
            self._check()
            try:
                while self._ready.poll(0):
                    self._handle(self._recv())
            except (OSError, EOFError) as error:
                self.ending = _Gone
                raise _Gone() from error

    def send_chunk(self, elements: list[Any]) -> None:
        """(With ``lock`` held.)"""
        parts, nbytes = shared_chunks.plan(elements)
        if nbytes == 0:  # strings only: the layout carries them
            self.send(("chunk", None, shared_chunks.write(elements, parts, memoryview(bytearray()))))
            return
        while not self._free:
            self._handle(self._recv())
        slot = self._free.pop()
        segment = self._segments[slot]
        if segment is None or segment.size < nbytes:
            segment = self._grow(slot, nbytes)
        self.send(("chunk", slot, shared_chunks.write(elements, parts, segment.buf)))

    def _grow(self, slot: int, nbytes: int) -> Any:
        old = self._segments[slot]
        self._segments[slot] = None
        if old is not None:
            old.close()
        self.send(("segment?", slot, nbytes))
        while self._segments[slot] is None:
            self._handle(self._recv())
        return self._segments[slot]

    def _handle(self, message: tuple[Any, ...]) -> None:
        kind = message[0]
        if kind == "free":
            self._free.extend(message[1])
        elif kind == "segment":
            self._segments[message[1]] = shared_chunks.attach(message[2])
        elif kind == "stop":
            self.ending = _Stopped
            raise _Stopped()

    def close(self) -> None:
        self.lock.acquire(timeout=1.0)  # (the linger timer may be stuck sending to a consumer that is gone)
        for segment in self._segments:
            if segment is not None:
                try:
                    segment.close()
                except BufferError:
                    pass
        self._conn.close()
