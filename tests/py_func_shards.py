"""Producers for ``test_compat_py_producer_workers.py``, in a module a worker process can import (numpy
and tfdata_bridge only, no TensorFlow)."""

from __future__ import annotations

import os
from typing import Any

import numpy as np

import tfdata_bridge

N = 30
_it: Any = None


def reset() -> None:
    """Start ``make`` over in this process (a worker starts fresh)."""
    global _it
    _it = None


def make() -> Any:
    """``(i, i / 2, the pid making it)`` for ``i`` in ``range(N)``, this worker's share of it (all of it outside a worker);
    ``StopIteration`` at the end, as a legacy ``py_func`` producer says it is done."""
    global _it
    if _it is None:
        info = tfdata_bridge.worker_info()
        start, step = (info.id, info.num_workers) if info is not None else (0, 1)
        _it = iter(range(start, N, step))
    i = next(_it)
    return np.int64(i), np.float32(i / 2), np.int64(os.getpid())
