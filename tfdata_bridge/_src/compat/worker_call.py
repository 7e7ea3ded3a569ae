"""The drop-in's zero-input ``py_func`` producer as a process worker's producer (``configure(workers=N)``).

Each of the N workers receives the ``py_func``'s function pickled and calls it until it ends
(``StopIteration``, or ``OutOfRangeError``, as the runner threads stopped at): a function call is not
index-based, so the bridge cannot split it; the function shards itself with
``tfdata_bridge.worker_info()`` (``id``, ``num_workers``), or the data is made N times. That is said once
per producer with a warning (``logging``), since nothing here can check it. Each value is converted as
TensorFlow's ``py_func`` kernel converts it (``py_producers._make``). Where the shapes were learned by
calling the function once in this process (outputs without static shapes), that element is not
delivered: the workers make every element. A function that cannot be pickled is refused before
anything runs, naming what could not be pickled and how to fix it.
"""

from __future__ import annotations

import inspect
import logging
from typing import Any

from tfdata_bridge._src.spec.producer import Producer
from tfdata_bridge._src.spec.workers import unpicklable

logger = logging.getLogger("tfdata_bridge")


class WorkerCall:
    """Picklable: calls the function and converts its value as ``py_func`` does."""

    def __init__(self, func: Any, width: int, as_tuple: bool) -> None:
        self.func, self.width, self.as_tuple = func, width, as_tuple

    def __call__(self) -> Any:
        from tfdata_bridge._src.compat.py_producers import _components, _convert  # (numpy only, no graph)

        value = self.func()
        if isinstance(value, bytes):
            value = [value]
        comps = [_convert(v) for v in _components(value, self.width)]
        return tuple(comps) if self.as_tuple or self.width > 1 else comps[0]


def producer(func: Any, width: int, as_tuple: bool, name: str, workers: int) -> Producer:
    """The ``Producer`` the workers run, or ``TypeError`` naming what cannot be pickled."""
    func = inspect.unwrap(func)  # (TensorFlow registers the function inside autograph's do_not_convert wrapper)
    problem = unpicklable(func)
    if problem is not None:
        raise TypeError(
            f"tfdata_bridge.configure(workers={workers}) (or TFDATA_BRIDGE_WORKERS) runs py_func {name!r} in "
            f"worker processes, which receive its function pickled, and {problem}; define the function at the "
            "top level of a module (not a lambda, a nested function or a bound method of an object holding "
            "locks, sessions or open files), or run it on threads: configure(workers=None) / unset "
            "TFDATA_BRIDGE_WORKERS")
    logger.warning("py_func %r runs in %d worker processes, each calling it until it ends: it must shard "
                   "itself with tfdata_bridge.worker_info() (id, num_workers), or its data is made %d times",
                   name, workers, workers)
    return Producer.call(WorkerCall(func, width, as_tuple), name=name)
