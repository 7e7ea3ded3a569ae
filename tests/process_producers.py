"""Producers for the process-worker tests, in a module of their own: a worker process imports this module
(to unpickle the producer) and nothing else of the tests, so it stays free of TensorFlow."""

from __future__ import annotations

import os
import sys
import time

import numpy as np

import tfdata_bridge


def counted() -> int:
    """A call producer: each call returns one number (the worker's id * 1,000,000 + its call count)."""
    info = tfdata_bridge.worker_info()
    counted.calls = getattr(counted, "calls", 0) + 1
    return info.id * 1_000_000 + counted.calls


def share(n: int) -> range:
    """This worker's share of range(n): all of it outside a worker (on threads)."""
    info = tfdata_bridge.worker_info()
    return range(n) if info is None else range(info.id, n, info.num_workers)


def sharded_range(n: int = 100):
    """A generator producer that takes its share of range(n) through worker_info()."""
    for i in share(n):
        yield np.int64(i)


def sharded_100():
    yield from sharded_range(100)


def who_am_i():
    """One element per worker: (id, num_workers, pid, seed % 2**31, tensorflow imported?, np.random draw)."""
    info = tfdata_bridge.worker_info()
    yield (np.int64(info.id), np.int64(info.num_workers), np.int64(os.getpid()), np.int64(info.seed % 2**31),
           np.int64("tensorflow" in sys.modules), np.float64(np.random.random()))


def endless_pids():
    """Without end: (pid, count), a little slowly, so a test can kill a worker mid-epoch."""
    count = 0
    while True:
        count += 1
        time.sleep(0.002)
        yield np.int64(os.getpid()), np.int64(count)


class ProducerFailure(ValueError):
    """A producer's own exception type."""


def fails_after_five():
    """(worker id, i): worker 0 raises after five elements, the others make six."""
    info = tfdata_bridge.worker_info()
    for i in range(5):
        yield np.int64(info.id), np.int64(i)
    if info.id == 0:
        raise ProducerFailure(f"bad record 5 in worker {info.id}")
    yield np.int64(info.id), np.int64(5)


class Unpicklable(Exception):
    def __init__(self, a, b):
        super().__init__(f"{a}/{b}")


def fails_unpicklably():
    yield np.int64(1)
    raise Unpicklable("x", "y")


def big_elements(n: int = 64, mb: int = 1):
    """``n`` elements of ``mb`` MiB each (uint8), split between the workers; each filled with its index."""
    for i in share(n):
        yield np.full(mb << 20, i % 251, dtype=np.uint8)


def big_64():
    yield from big_elements(64, 1)


def ragged_and_strings():
    for i in share(20):
        yield np.arange(i % 5, dtype=np.float32), f"s{i}".encode()


def dies_at_once():
    os._exit(3)
    yield np.int64(0)


def sleeps_forever():
    """Worker 0 (or a thread) yields 1, then every worker sleeps in a call that does not return."""
    info = tfdata_bridge.worker_info()
    if info is None or info.id == 0:
        yield np.int64(1)
    time.sleep(3600)
    yield np.int64(2)


def some_then_sleeps():
    """Worker 0 yields 0-5, worker 1 yields 100-101 (a thread: both), then each sleeps in a call that does
    not return: what they made must still arrive, in whole batches and in a partial chunk."""
    info = tfdata_bridge.worker_info()
    if info is None or info.id == 0:
        yield from (np.int64(i) for i in range(6))
    if info is None or info.id == 1:
        yield from (np.int64(i) for i in (100, 101))
    time.sleep(3600)
    yield np.int64(-1)


# --- index producers (``Producer.indexed(fn, count)``): fn(i) is element i ---------------------------


def square(i: int) -> np.int64:
    return np.int64(i * i)


def scaled(factor: int, i: int) -> tuple[np.int64, np.int64]:
    """(factor * i, the worker's id or -1 on a thread): through ``functools.partial(scaled, factor)``."""
    info = tfdata_bridge.worker_info()
    return np.int64(factor * i), np.int64(-1 if info is None else info.id)


class Records:
    """An index producer as an object's method: record ``i`` of a list the object holds."""

    def __init__(self, values: list[int]) -> None:
        self.values = values

    def record(self, i: int) -> np.int64:
        return np.int64(self.values[i])


class LateFirstWorker:
    """Worker 0's first call waits (60 s at most) until worker 1 has made an index in the last quarter; each
    element is (i, worker id). With indices handed out as each worker is free, worker 1 makes nearly all
    meanwhile; with a static half each, worker 0 would still make its half after the wait."""

    def __init__(self, count: int, marker: str) -> None:
        self.count, self.marker, self.waited = count, marker, False

    def __call__(self, i: int) -> tuple[np.int64, np.int64]:
        info = tfdata_bridge.worker_info()
        if info.id == 0 and not self.waited:
            self.waited = True
            deadline = time.monotonic() + 60
            while not os.path.exists(self.marker) and time.monotonic() < deadline:
                time.sleep(0.01)  # (waits for a state another process sets; bounded)
        elif info.id == 1 and i >= self.count * 3 // 4 and not os.path.exists(self.marker):
            open(self.marker, "w").close()
        return np.int64(i), np.int64(info.id)


# -- index producers resumed from a checkpoint (tests/scaling/test_scaling_resume_index.py)
def scaled_pair(i: int) -> dict:
    return {"x": np.int64(2 * i), "y": np.int64(i)}


def rows_of(i: int) -> np.ndarray:
    """Index ``i``'s rows (``enqueue_many``): ``i % 3`` of them, none for every third index."""
    return np.array([1000 + 10 * i + k for k in range(i % 3)], dtype=np.int64)


def fails_at_seven(i: int) -> np.int64:
    if i == 7:
        raise ProducerFailure(f"no element at index {i}")
    return np.int64(i)


def stops_at_three(i: int) -> np.int64:
    if i == 3:
        raise StopIteration
    return np.int64(i)


def counted_call() -> np.int64:
    counted_call.calls = getattr(counted_call, "calls", 0) + 1
    return np.int64(counted_call.calls)
