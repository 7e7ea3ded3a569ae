"""The producers of the process-workers case, in a module that imports numpy only: a worker process
imports it to unpickle its producer, and stays free of TensorFlow.

``GilProducer``: pure Python that holds the GIL for about ``ms`` per element (a loop of integer
arithmetic, calibrated once in the main process), making ``count`` elements in all, each a (16,)
float32 vector and an int64 label. Run by process workers it takes its share through
``tfdata_bridge.worker_info()``; ``shard(i, n)`` gives the same share for the interleave baseline;
``item(i)`` is element ``i`` alone, for the index-producer form (``Producer.indexed``).
``BigProducer``: ``count`` elements of ``mib`` MiB, made up front once per process, so what is timed is
the transfer."""

from __future__ import annotations

import time
from typing import Any, Iterator

import numpy as np


def spin(n: int) -> int:
    total = 0
    for i in range(n):
        total += i * i % 7
    return total


def calibrate(ms: float) -> int:
    """Loop iterations of ``spin`` that take about ``ms`` milliseconds here (best of five)."""
    n = 20_000
    best = min(_timed(n) for _ in range(5))
    return max(1, int(n * ms / 1000 / best))


def _timed(n: int) -> float:
    start = time.perf_counter()
    spin(n)
    return time.perf_counter() - start


class GilProducer:
    def __init__(self, count: int, spins: int, start: int = 0, step: int = 1) -> None:
        self.count, self.spins, self.start, self.step = count, spins, start, step

    def shard(self, index: int, num: int) -> GilProducer:
        return GilProducer(self.count, self.spins, index, num)

    def __call__(self) -> Iterator[Any]:
        import tfdata_bridge

        info = tfdata_bridge.worker_info()
        start, step = (self.start, self.step) if info is None else (info.id, info.num_workers)
        for i in range(start, self.count, step):
            yield self.item(i)

    def item(self, i: int) -> Any:
        """Element ``i``: the same work and value as the generator's (``Producer.indexed(p.item, count)``)."""
        spin(self.spins)
        return np.full(16, i, np.float32), np.int64(i)


class BigProducer:
    def __init__(self, count: int, mib: int = 1) -> None:
        self.count, self.mib = count, mib

    def __call__(self) -> Iterator[Any]:
        import tfdata_bridge

        info = tfdata_bridge.worker_info()
        start, step = (0, 1) if info is None else (info.id, info.num_workers)
        block = np.arange(self.mib << 20, dtype=np.uint8)
        for _ in range(start, self.count, step):
            yield block


class TimedProducer(GilProducer):
    """``GilProducer``'s work, each element ``(i, worker id, time.time() when made)``: how the two forms
    share the work between the workers, and how long one worker runs alone at the end
    (``benchmarks/process_workers_tail.py``)."""

    def item(self, i: int) -> Any:
        import tfdata_bridge

        spin(self.spins)
        info = tfdata_bridge.worker_info()
        return np.int64(i), np.int64(-1 if info is None else info.id), np.float64(time.time())
