"""Producer workers: the threads that run a spec's producers and feed a channel.

Each producer runs as ``threads`` parallel copies. When the last copy of the last producer finishes,
the channel is closed (as a ``QueueRunner`` closes its queue), so the consumer sees the end of data.
A producer's exception fails the channel: the consumer gets it once the elements already buffered
are delivered, and the other workers stop at their next enqueue. The exception is ``failures.mark``ed
(a note naming the producer and thread), so a consumer on the far side of tf.data can get it back.
"""

from __future__ import annotations

import functools
import logging
import threading
from collections.abc import Iterator, Sequence
from typing import Any

from tfdata_bridge._src.runtime import failures, gc_guard
from tfdata_bridge._src.runtime.concurrency import Gate
from tfdata_bridge._src.runtime.channel import Channel, EnqueueCancelledError, EnqueueClosedError
from tfdata_bridge._src.runtime.elements import ElementConverter
from tfdata_bridge._src.spec.producer import Producer
from tfdata_bridge._src.spec.signature import Signature

logger = logging.getLogger("tfdata_bridge")

_JOIN_TIMEOUT_S = 1.0  # the most stop() waits for workers, in all


class ProducerStopped(Exception):
    """Raised inside a worker when the pipeline is shut down under it."""


class _Indices:
    """``range(count)`` handed out one index at a time to whichever thread asks (thread-safe)."""

    def __init__(self, count: int) -> None:
        self._count = count
        self._next = 0
        self._lock = threading.Lock()

    def take(self) -> int | None:
        with self._lock:
            i = self._next
            if i >= self._count:
                return None
            self._next = i + 1
            return i


def _is_end_of_data(exc: BaseException) -> bool:
    """StopIteration, or ``tf.errors.OutOfRangeError`` (how a legacy producer says it is done)."""
    if isinstance(exc, StopIteration):
        return True
    return type(exc).__name__ == "OutOfRangeError" and type(exc).__module__.startswith("tensorflow")


class ProducerPool:
    """Runs producers into a channel on daemon threads."""

    def __init__(self, producers: Sequence[Producer], channel: Channel, signature: Signature,
                 *, name: str = "tfdata_bridge") -> None:
        self.channel = channel
        self._stop = threading.Event()
        self._lock = threading.Lock()
        self._threads: list[threading.Thread] = []
        self._running = 0
        self._all_done = threading.Event()  # set when the last worker has finished
        self._producers = producers
        self._signature = signature
        self._name = name
        # the copies of a call producer share a gate: all at once, or one at a time where that is faster
        self._gates = {id(p): Gate(p.threads) for p in producers if p.kind != "generator" and p.threads > 1}
        # the copies of an index producer take the next index from one counter: each index once
        self._indices = {id(p): _Indices(p.calls) for p in producers if p.kind == "index"}

    def start(self) -> ProducerPool:
        jobs = [(p, i) for p in self._producers for i in range(p.threads)]
        self._running = len(jobs)
        if not jobs:
            self._all_done.set()
        for producer, copy in jobs:
            converter = ElementConverter(self._signature, producer.label)
            thread = threading.Thread(
                target=self._run, args=(producer, converter), daemon=True,
                name=f"{self._name}-producer-{producer.label}-{copy}",
            )
            self._threads.append(thread)
        for thread in self._threads:
            thread.start()
        return self

    @property
    def threads(self) -> list[threading.Thread]:
        return list(self._threads)

    def alive(self) -> int:
        return sum(t.is_alive() for t in self._threads)

    def stop(self, join: bool = True) -> None:
        """Stop every worker: cancel their enqueues (a worker blocked on a full channel ends at once) and
        wait for them, ``_JOIN_TIMEOUT_S`` in all. A worker inside a producer call ends on its own when
        that call returns; the wait is bounded so a slow call cannot hold up the consumer's teardown."""
        self._stop.set()
        self.channel.close(cancel_pending_enqueues=True)
        if join and threading.get_ident() not in {t.ident for t in self._threads}:
            # An event, not Thread.join: join (and threading.current_thread()) on a thread Python did
            # not start (TensorFlow's, which runs an iterator's finalizer) registers a _DummyThread
            # that is never removed.
            self._all_done.wait(_JOIN_TIMEOUT_S)

    # -- the worker loop
    def _run(self, producer: Producer, converter: ElementConverter) -> None:
        gc_guard.mark_worker_thread()
        try:
            index = 0
            for value in self._values(producer):
                if self._stop.is_set():
                    return
                if producer.enqueue_many:
                    items = converter.many(value, index)
                    self.channel.put_many(items)
                    index += len(items)
                else:
                    self.channel.put(converter.one(value, index))
                    index += 1
        except (EnqueueClosedError, EnqueueCancelledError, ProducerStopped):
            return
        except BaseException as exc:  # noqa: BLE001 - every failure must reach the consumer
            if not self._stop.is_set():
                logger.debug("producer %s failed: %r", producer.label, exc)
                self.channel.fail(failures.mark(exc, producer=producer.label, queue=self.channel.name,
                                                thread=threading.current_thread().name))
            return
        finally:
            self._finish_one()

    def _values(self, producer: Producer) -> Iterator[Any]:
        fn = producer.fn
        if producer.kind == "generator":
            epoch = 0
            while producer.epochs is None or epoch < producer.epochs:
                yield from fn()
                epoch += 1
            return
        if producer.kind == "index":
            yield from self._indexed(producer)
            return
        calls = 0
        gate = self._gates.get(id(producer))
        try:
            while producer.calls is None or calls < producer.calls:
                try:
                    value = fn() if gate is None else gate.call(fn, self._stop.is_set)
                except BaseException as exc:
                    if _is_end_of_data(exc):
                        return
                    raise
                calls += 1
                yield value
        finally:
            if gate is not None:
                gate.retire()

    def _indexed(self, producer: Producer) -> Iterator[Any]:
        fn, indices, gate = producer.fn, self._indices[id(producer)], self._gates.get(id(producer))
        try:
            while (i := indices.take()) is not None:
                yield fn(i) if gate is None else gate.call(functools.partial(fn, i), self._stop.is_set)
        finally:
            if gate is not None:
                gate.retire()

    def _finish_one(self) -> None:
        with self._lock:
            self._running -= 1
            last = self._running == 0
        if last:
            self._all_done.set()
        if last and not self._stop.is_set():
            try:
                self.channel.close()
            except Exception:  # noqa: BLE001 - closing an already-failed channel
                pass
