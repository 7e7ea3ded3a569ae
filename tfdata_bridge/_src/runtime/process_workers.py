"""Process workers: a spec's producers run in worker processes (``pipeline(..., workers=N)``).

``ProcessPool`` has ``ProducerPool``'s interface (``channel``, ``start``, ``stop``), so the compiled
dataset reads its channel exactly as it reads the threads'. Each producer runs in ``workers`` spawned
processes (``process_worker.main``); one receiver thread here waits on all their pipes and process
sentinels at once (``multiprocessing.poll``) and hands each chunk on:

- ``chunked=True`` (the spec's stackable transfers): the channel's entries are whole chunks,
  ``(n, one array per component)``, the arrays views into the worker's shared-memory slot, no copy
  and no per-element Python. The slot is freed (``("free", slot)`` to its worker) when the last view
  of the chunk is gone: a finalizer queues it and wakes the receiver through a pipe of its own. So a
  chunk is copied once on this side, where tf.data's ``py_func`` makes its tensor, or not at all.
  Frees wait for the receiver's next wake-up and go to each worker together (one message), unless a
  worker has no slot left, which wakes the receiver at once;
- else the elements are copied out into the channel one by one and the slot is freed at once.

An index producer's workers share one counter (a ``multiprocessing.Value`` made here, held for the run):
each takes the next run of indices (``_grain``) when it is free (``process_worker._values``).

The consumer takes through ``take``, which sets the workers' ``hungry`` flag (one byte of shared memory)
while it finds nothing to take: a worker then sends whole batches as soon as it has them, and otherwise
gathers larger chunks (``process_worker``), so the consumer pays for fewer chunks.

So:

- a worker's exception fails the channel with that exception (type, message, traceback as its
  ``__cause__``), after the elements already handed over, as a producer thread's does;
- a worker that dies (its sentinel fires with no "done" or "error" before it) fails the channel with
  ``WorkerDiedError`` naming its exit code, as soon as it is seen (the receiver wakes on the sentinel);
- when every worker is done the channel is closed: the end of data.

``stop`` (the end of an iteration, an abandoned one, a failure, Ctrl-C through the generator) and the
interpreter's exit (``_stop_all``, run before ``multiprocessing``'s own exit hook) end every worker:
"stop" on the pipe, ``STOP_GRACE_S`` to go, then SIGTERM, then SIGKILL; each is joined (no zombie),
and every shared-memory segment of the run is unlinked by this process, which alone makes them.
"""

from __future__ import annotations

import atexit
import functools
import logging
import multiprocessing
import os
import secrets
import select
import threading
import time
import weakref
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from tfdata_bridge._src.plan.capacity import CHUNK_LIMIT
from tfdata_bridge._src.runtime import failures, process_worker, shared_chunks, worker_errors, worker_info
from tfdata_bridge._src.runtime.channel import Channel, EnqueueCancelledError, EnqueueClosedError
from tfdata_bridge._src.spec.producer import Producer
from tfdata_bridge._src.spec.signature import Signature

logger = logging.getLogger("tfdata_bridge")

STOP_GRACE_S = 0.5  # how long a stopped worker has to end by itself before SIGTERM
KILL_AFTER_S = 1.0  # then how long after SIGTERM before SIGKILL
WAKE_S = 0.1  # the receiver re-checks for a stop at least this often

_live: weakref.WeakSet[ProcessPool] = weakref.WeakSet()
_hook_lock = threading.Lock()
_hook_registered = False


@dataclass
class _Worker:
    process: Any
    conn: Any
    where: str
    label: str
    slots: list[str | None] = field(default_factory=list)  # the segment name of each slot
    finished: bool = False
    ready: Any = None  # a poll object of its pipe alone: whether a message is waiting
    out: int = 0  # chunks whose views are live (chunked)
    queued: list[int] = field(default_factory=list)  # slots freed, not yet told to the worker


class ProcessPool:
    """Runs producers into a channel in worker processes (see the module)."""

    def __init__(self, producers: Sequence[Producer], channel: Channel, signature: Signature, *,
                 workers: int, chunk_elements: int = CHUNK_LIMIT, seed: int | None = None,
                 name: str = "tfdata_bridge", chunked: bool = False,
                 chunk_bytes: int | None = None, unit: int = 1) -> None:
        self.channel = channel
        self.chunked = chunked  # the channel's entries are whole chunks (see the module)
        self._producers = producers
        self._signature = signature
        self._num_workers = workers
        self._chunk_elements = max(1, chunk_elements)
        self._chunk_bytes = chunk_bytes or process_worker.Job.chunk_bytes
        self._unit = max(1, unit)  # the consumer's batch (see process_worker)
        self._flag: Any = None  # the consumer's waiting flag: a one-byte segment the workers read
        self._seed = seed
        self._name = name
        self._workers: list[_Worker] = []
        self._counters: list[Any] = []  # the shared index counters of index producers (see start)
        self._segments = shared_chunks.Segments()
        self._stop = threading.Event()
        self._send_lock = threading.Lock()
        self._shutdown_lock = threading.Lock()
        self._shut = False
        self._done = threading.Event()  # every worker ended and every segment is unlinked
        self._receiver: threading.Thread | None = None
        # chunks whose last view went (chunked): _Worker.queued, and the pipe that wakes the receiver
        self._wake_lock = threading.RLock()  # (reentrant: a finalizer may run inside another, on one thread)
        self._wake_r, self._wake_w = os.pipe()
        os.set_blocking(self._wake_r, False)
        os.set_blocking(self._wake_w, False)
        self._wake_open = True

    # -- life cycle
    def start(self) -> ProcessPool:
        _live.add(self)  # (first: a pool ending meanwhile sees it and keeps the exit hook)
        _register_exit_hook()
        context = multiprocessing.get_context("spawn")  # TensorFlow is not fork-safe
        base = self._seed if self._seed is not None else secrets.randbits(62)
        slots = process_worker.Job.slots
        try:
            self._flag = self._segments.create(1)
            self._flag.buf[0] = 1  # waiting: the first chunks go as soon as they hold a batch
            for p_index, producer in enumerate(self._producers):
                counter, grain = None, 1
                if producer.kind == "index":  # its workers take indices from one shared counter
                    counter, grain = context.Value("q", 0), self._grain(producer.calls)
                    # held for the run: a worker unpickles it after start() returns, and the semaphore
                    # of its lock is unlinked when the last reference here goes
                    self._counters.append(counter)
                for w in range(self._num_workers):
                    where = (f"process worker {w} of {self._num_workers} of producer {producer.label!r}")
                    info = worker_info.WorkerInfo(w, self._num_workers, worker_info.worker_seed(base, p_index, w),
                                                  producer.label)
                    job = process_worker.Job(producer, self._signature, info, where,
                                             chunk_elements=self._chunk_elements, chunk_bytes=self._chunk_bytes,
                                             consumer_pid=os.getpid(), unit=self._unit, hungry=self._flag.name,
                                             counter=counter, grain=grain)
                    ours, theirs = context.Pipe(duplex=True)
                    process = context.Process(target=process_worker.main, args=(theirs, job), daemon=True,
                                              name=f"{self._name}-worker-{producer.label}-{w}")
                    try:
                        process.start()
                    except Exception as error:
                        ours.close()
                        raise _not_started(producer, error) from error
                    finally:
                        theirs.close()
                    ready = select.poll()
                    ready.register(ours.fileno(), select.POLLIN)
                    self._workers.append(_Worker(process, ours, f"{where} (pid {process.pid})", producer.label,
                                                 [None] * slots, ready=ready))
        except BaseException:
            self._stop.set()
            self._shutdown()
            raise
        self._receiver = threading.Thread(target=self._receive, daemon=True, name=f"{self._name}-receiver")
        self._receiver.start()
        return self

    def _grain(self, count: int) -> int:
        """How many indices an index producer's worker takes at a time: a consumer batch (a worker's chunk
        then holds whole batches), else 16 (a counter's lock per 16 elements); at most an eighth of a
        worker's share, so the last runs are short and the workers end together."""
        grain = self._unit if self._unit > 1 else 16
        return max(1, min(grain, count // (8 * self._num_workers)))

    @property
    def pids(self) -> list[int]:
        return [w.process.pid for w in self._workers]

    def alive(self) -> int:
        return sum(w.process.is_alive() for w in self._workers)

    def take(self, timeout: float) -> list[Any]:
        """The channel's entries for the consumer (``Channel.get_available``), the workers' ``hungry``
        flag set while it finds none: they then send what they have sooner (see the module)."""
        channel = self.channel
        if not channel.size():
            self._hungry(1)
        entries = channel.get_available(channel.capacity, timeout)
        self._hungry(0)
        return entries

    def _hungry(self, value: int) -> None:
        try:
            self._flag.buf[0] = value
        except (TypeError, AttributeError, ValueError):
            pass  # (the run is over: its segments are gone)

    def stop(self, join: bool = True) -> None:
        """End every worker and unlink every segment: at once with ``join`` (within about
        ``STOP_GRACE_S + KILL_AFTER_S`` at worst), else on the receiver thread."""
        self._stop.set()
        self.channel.close(cancel_pending_enqueues=True)
        if join or self._receiver is None or not self._receiver.is_alive():
            self._shutdown()

    # -- the receiver thread
    def _receive(self) -> None:
        # One poll object for the whole run (registering every pipe for each wait cost more than the
        # rest of a chunk's handling): each worker's pipe and sentinel, and the wake pipe of freed chunks.
        poller = select.poll()
        owners: dict[int, tuple[_Worker | None, bool]] = {self._wake_r: (None, False)}
        for w in self._workers:
            owners[w.conn.fileno()] = (w, False)
            owners[w.process.sentinel] = (w, True)
        for fd in owners:
            poller.register(fd, select.POLLIN)
        try:
            while not self._stop.is_set():
                if all(w.finished for w in self._workers):
                    self.channel.close()  # every producer ended: the end of data
                    return
                for fd, _ in poller.poll(WAKE_S * 1000):
                    w, is_sentinel = owners.get(fd, (None, False))
                    if w is None:
                        _empty(self._wake_r)
                        continue
                    if w.finished:  # (its pipes stay open until the shutdown: no longer asked)
                        _unregister(poller, w)
                        continue
                    self._drain(w)  # messages first: a worker that ended had sent them before
                    if is_sentinel and not w.finished:
                        w.process.join(KILL_AFTER_S)  # its pipes close a moment before its exit code is set
                        w.finished = True
                        self._fail(worker_errors.died(w.where, w.process.exitcode), w)
                    if w.finished:
                        _unregister(poller, w)
                    if self._stop.is_set():
                        break
                self._send_frees()
        except (EnqueueClosedError, EnqueueCancelledError):
            pass  # the consumer stopped (or a failure closed the channel)
        except BaseException as error:  # noqa: BLE001 - a failure here must reach the consumer, not hang it
            if not self._stop.is_set():
                logger.debug("process worker receiver failed: %r", error)
                self._fail(error)
        finally:
            self._shutdown()

    def _chunk_freed(self, w: _Worker, slot: int) -> None:
        """(A finalizer, on whichever thread dropped the chunk's last view.) Queue the slot's free for the
        receiver's next wake-up, and wake it now if the worker has no slot left (it may be waiting)."""
        with self._wake_lock:
            starved = w.out + len(w.queued) >= len(w.slots)
            w.out -= 1
            w.queued.append(slot)
            if starved and self._wake_open:
                try:
                    os.write(self._wake_w, b"\0")
                except OSError:
                    pass  # (full: the receiver is waking anyway)

    def _send_frees(self) -> None:
        for w in self._workers:
            if w.queued:
                with self._wake_lock:
                    slots, w.queued = w.queued, []
                self._send(w, ("free", slots))

    def _drain(self, w: _Worker) -> None:
        while not w.finished:
            try:
                if not w.ready.poll(0):
                    return
                message = w.conn.recv()
            except (EOFError, OSError):
                return  # the worker is gone: its sentinel says how
            self._handle(w, message)

    def _handle(self, w: _Worker, message: tuple[Any, ...]) -> None:
        kind = message[0]
        if kind == "chunk":
            _, slot, layout = message
            buf = memoryview(bytearray()) if slot is None else self._segments.get(w.slots[slot]).buf
            if self.chunked and shared_chunks.stackable(layout):
                free = None if slot is None else functools.partial(self._chunk_freed, w, slot)
                if free is not None:
                    with self._wake_lock:
                        w.out += 1
                entry = shared_chunks.columns(layout, buf, free)
                del buf
                self.channel.put(entry)
                return
            items = shared_chunks.read(layout, buf)
            del buf
            if slot is not None:
                self._send(w, ("free", [slot]))
            self.channel.put_many(items)
        elif kind == "segment?":
            _, slot, nbytes = message
            segment = self._segments.create(nbytes)
            old, w.slots[slot] = w.slots[slot], segment.name
            if old is not None:
                self._segments.release(old)
            self._send(w, ("segment", slot, segment.name))
        elif kind == "done":
            w.finished = True
        elif kind == "error":
            w.finished = True
            self._fail(worker_errors.unpack(message[1], w.where), w)

    def _send(self, w: _Worker, message: tuple[Any, ...]) -> None:
        with self._send_lock:
            try:
                w.conn.send(message)
            except (OSError, EOFError, ValueError):
                pass  # the worker is gone (its sentinel says how) or its pipe is closed by a shutdown

    def _fail(self, error: BaseException, w: _Worker | None = None) -> None:
        """Fail the channel with ``error`` (marked, as a producer thread's, so the consumer gets it back as
        itself through tf.data) and stop the other workers."""
        if w is not None:
            error = failures.mark(error, producer=w.label, queue=self.channel.name, thread=w.where)
        self.channel.fail(error)
        self._stop.set()

    # -- ending the workers
    def _shutdown(self) -> None:
        """End the workers and unlink the segments (or wait while another thread does)."""
        with self._shutdown_lock:
            ending_elsewhere = self._shut
            self._shut = True
        if ending_elsewhere:
            self._done.wait(STOP_GRACE_S + 3 * KILL_AFTER_S)
            return
        try:
            for w in self._workers:
                self._send(w, ("stop",))
            _join_all([w.process for w in self._workers], STOP_GRACE_S)
            for w in self._workers:
                if w.process.is_alive():
                    w.process.terminate()
            _join_all([w.process for w in self._workers], KILL_AFTER_S)
            for w in self._workers:
                if w.process.is_alive():
                    w.process.kill()
                    w.process.join(KILL_AFTER_S)
            with self._send_lock:
                for w in self._workers:
                    w.conn.close()
        finally:
            self._segments.release_all()
            with self._wake_lock:
                if self._wake_open:
                    self._wake_open = False
                    os.close(self._wake_r)
                    os.close(self._wake_w)
            _live.discard(self)
            _unregister_exit_hook_if_idle()
            self._done.set()


def _empty(fd: int) -> None:
    try:
        while os.read(fd, 4096):
            pass
    except OSError:
        pass


def _unregister(poller: Any, w: _Worker) -> None:
    for fd in (w.conn.fileno(), w.process.sentinel):
        try:
            poller.unregister(fd)
        except (KeyError, OSError, ValueError):
            pass


def _join_all(processes: list[Any], timeout: float) -> None:
    deadline = time.monotonic() + timeout
    for process in processes:
        process.join(max(0.0, deadline - time.monotonic()))


def _not_started(producer: Producer, error: Exception) -> Exception:
    return type(error)(f"process worker of producer {producer.label!r} could not start: {error}") \
        if isinstance(error, (TypeError, ValueError, OSError)) else error


def _stop_all() -> None:
    """At interpreter exit: end the workers of every pipeline still running."""
    for pool in list(_live):
        pool.stop(join=True)
    shared_chunks.quiet_deferred()


def _register_exit_hook() -> None:
    global _hook_registered
    with _hook_lock:
        if not _hook_registered:
            # registered after multiprocessing's own exit hook (imported above), so it runs first
            atexit.register(_stop_all)
            _hook_registered = True


def _unregister_exit_hook_if_idle() -> None:
    """No pool is running any more: the exit hook goes until the next one starts (issue 18)."""
    global _hook_registered
    with _hook_lock:
        if _hook_registered and not _live:
            atexit.unregister(_stop_all)
            _hook_registered = False
