"""PyTorch's side of the process-workers case: an ``IterableDataset`` whose workers take their share of a
producer through ``get_worker_info()``, as the bridge's workers do through ``worker_info()``. At module level,
so spawned DataLoader workers can unpickle it; imported only where torch is installed (never a dependency)."""

from __future__ import annotations

from typing import Any

from torch.utils.data import IterableDataset, get_worker_info


class Shards(IterableDataset):
    def __init__(self, producer: Any) -> None:
        self.producer = producer

    def __iter__(self) -> Any:
        info = get_worker_info()
        return iter(self.producer.shard(info.id, info.num_workers)() if info else self.producer())
