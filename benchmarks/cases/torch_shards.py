"""PyTorch's side of the process-workers case: an ``IterableDataset`` whose workers take their share of a
producer through ``get_worker_info()``, as the bridge's workers do through ``worker_info()``. At module level,
so spawned DataLoader workers can unpickle it; imported only where torch is installed (never a dependency)."""

from __future__ import annotations

from typing import Any

import numpy as np

from torch.utils.data import IterableDataset, get_worker_info


class Shards(IterableDataset):
    def __init__(self, producer: Any) -> None:
        self.producer = producer

    def __iter__(self) -> Any:
        info = get_worker_info()
        return iter(self.producer.shard(info.id, info.num_workers)() if info else self.producer())


def numpy_collate(batch: list[Any]) -> tuple[np.ndarray, ...]:
    """A batch of (vector, label) elements as stacked numpy arrays, not torch tensors: pickled through
    the DataLoader's pipe (a few KB here) rather than put in shared memory, whose file descriptor the
    consumer must fetch from the worker's resource-sharer thread, which waits for the GIL of a producer
    that holds it."""
    return tuple(np.stack(column) for column in zip(*batch))
