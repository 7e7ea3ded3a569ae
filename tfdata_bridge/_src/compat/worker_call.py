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

**One run.** Legacy's second session over the pipeline (new queues, new runner threads) called the same
function again, which carried on from its Python state. Here that state lives in the workers, and ends
with them when their session (their run) ends; a new run would spawn new workers that import the
function afresh and make its data again from the start: wrong data. So a second run of the same
producer is refused where it starts (``SecondRun``, naming the rule and the fix) and delivers nothing.
Each worker is spawned with the function pickled once, so the parent counts the picklings made while
spawning (other picklings, such as the spec's check, are not counted): more than ``workers`` of them
means a second run.
"""

from __future__ import annotations

import inspect
import logging
import threading
from multiprocessing.context import get_spawning_popen
from typing import Any

from tfdata_bridge._src.spec.producer import Producer
from tfdata_bridge._src.spec.workers import unpicklable

logger = logging.getLogger("tfdata_bridge")


class SecondRun(RuntimeError):
    """A second run of a ``py_func`` producer in worker processes, which cannot continue legacy's way."""


class WorkerCall:
    """Picklable: calls the function and converts its value as ``py_func`` does. In the process that
    made it, ``runs`` (a ``_OneRun``) refuses the picklings of a second run."""

    def __init__(self, func: Any, width: int, as_tuple: bool, runs: _OneRun | None = None) -> None:
        self.func, self.width, self.as_tuple = func, width, as_tuple
        self.runs = runs

    def __getstate__(self) -> dict[str, Any]:
        if self.runs is not None and get_spawning_popen() is not None:  # spawning a worker (not a check)
            self.runs.spawning()
        return {"func": self.func, "width": self.width, "as_tuple": self.as_tuple, "runs": None}

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
    return Producer.call(WorkerCall(func, width, as_tuple, _OneRun(name, workers)), name=name)


class _OneRun:
    """Counts the workers spawned with one producer's function: one run's worth (``workers``), no more."""

    def __init__(self, name: str, workers: int) -> None:
        self._name, self._workers = name, workers
        self._spawned = 0
        self._lock = threading.Lock()

    def spawning(self) -> None:
        with self._lock:
            if self._spawned >= self._workers:
                raise SecondRun(
                    f"tfdata_bridge.configure(workers={self._workers}) (or TFDATA_BRIDGE_WORKERS) runs py_func "
                    f"{self._name!r} in worker processes, and its pipeline is being started a second time (a "
                    "second session, or a second start_queue_runners/iterator over it): the function's Python "
                    "state ended with the first run's workers, so new workers would make its data again from "
                    "the start, where legacy's second session continued from where the function was. Rule: a "
                    "py_func producer in worker processes runs once per process. Fix: run one session over the "
                    "pipeline, or run the function on threads (configure(workers=None) / unset "
                    "TFDATA_BRIDGE_WORKERS), which continues as legacy did")
            self._spawned += 1
