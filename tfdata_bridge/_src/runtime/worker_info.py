"""``worker_info()``: which process worker the calling code runs in, as PyTorch's ``get_worker_info()``.

A producer run with ``pipeline(..., workers=N)`` runs in N worker processes. A generator producer shards
its data by asking ``worker_info()`` for its ``id`` and ``num_workers`` (``None`` outside a worker: in the
main process, or on the bridge's threads). Light on purpose: a worker imports it without TensorFlow.
"""

from __future__ import annotations

import random
from dataclasses import dataclass


@dataclass(frozen=True)
class WorkerInfo:
    """The worker process the calling code runs in.

    ``id``: 0 .. ``num_workers - 1``; ``seed``: this worker's seed (Python's ``random`` and numpy's
    global generator are seeded from it when the worker starts); ``producer``: the producer's label.
    """

    id: int
    num_workers: int
    seed: int
    producer: str


_current: WorkerInfo | None = None


def worker_info() -> WorkerInfo | None:
    """The ``WorkerInfo`` of the worker process calling it, or ``None`` outside one.

    In a generator producer, take every ``num_workers``-th item starting at ``id`` (or the ``id``-th
    slice of the data) so the workers make the data once between them, not once each.
    """
    return _current


def enter(info: WorkerInfo) -> None:
    """Make ``info`` this process's worker info and seed its random generators (in a worker, at start)."""
    import numpy as np  # (here: ``import tfdata_bridge`` stays free of numpy for the migration tool)

    global _current
    _current = info
    random.seed(info.seed)
    np.random.seed(info.seed % 2**32)


def worker_seed(base: int, producer_index: int, worker: int) -> int:
    """The seed of one worker: distinct per producer and worker, fixed by ``base``."""
    return (base * 1_000_003 + producer_index * 65_537 + worker) % 2**63
