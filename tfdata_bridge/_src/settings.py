"""``tfdata_bridge.configure(...)``: process-wide settings of the drop-in, and their environment variables.

- ``workers``: the drop-in's zero-input ``py_func`` producers run in that many worker processes
  (``runtime/process_workers.py``) instead of on threads; ``TFDATA_BRIDGE_WORKERS=N`` where
  ``configure`` did not set it. Opt-in: each worker calls the pickled function until it ends
  (``StopIteration`` / ``OutOfRangeError``), so the function shards itself with ``worker_info()``.

Light on purpose (no TensorFlow, no numpy).
"""

from __future__ import annotations

import os
from typing import Any

ENV_WORKERS = "TFDATA_BRIDGE_WORKERS"

_UNSET: Any = object()
_workers: Any = _UNSET


def configure(*, workers: int | None = _UNSET) -> None:
    """Set the drop-in's process-wide settings (an argument left out keeps its value).

    ``workers``: N runs the drop-in's zero-input ``py_func`` producers in N worker processes (the
    function must pickle, and shards itself with ``tfdata_bridge.worker_info()``); None: on threads, as
    ``num_threads`` says (the default, unless ``TFDATA_BRIDGE_WORKERS`` is set)."""
    global _workers
    if workers is not _UNSET:
        _workers = _checked(workers, "configure(workers=...)")


def workers() -> int | None:
    """The configured worker processes, else ``TFDATA_BRIDGE_WORKERS``, else None."""
    if _workers is not _UNSET:
        return _workers
    value = os.environ.get(ENV_WORKERS, "").strip()
    if not value:
        return None
    try:
        number = int(value)
    except ValueError:
        raise ValueError(f"{ENV_WORKERS}={value!r} must be a whole number >= 1 (worker processes for the "
                         f"drop-in's py_func producers); unset it to run them on threads") from None
    return _checked(number, f"{ENV_WORKERS}")


def _checked(value: Any, where: str) -> int | None:
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"{where}: workers ({value!r}) must be an int >= 1 or None; pass how many worker "
                        "processes run the drop-in's py_func producers (None: on threads)")
    if value < 1:
        raise ValueError(f"{where}: workers ({value!r}) must be >= 1, or None to run the drop-in's py_func "
                         "producers on threads")
    return value
