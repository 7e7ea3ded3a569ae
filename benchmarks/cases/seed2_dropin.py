"""The `py_func` + `train.batch` program through the drop-in: the same graph-mode program (a ``py_func`` producer ->
``train.batch(..., num_threads=N, capacity=64)`` -> ``2 *`` the batch -> a ``sess.run`` loop), built once
with ``tensorflow.compat.v1`` and once with ``tfdata_bridge.compat.v1``; only the module differs.

Cases (``<producer>`` x ``num_threads``):

- ``seed2_dropin_pyfunc_t1``, ``seed2_dropin_pyfunc_t4``: the seed's producer, a (2, 2) float32 input and
  an int32 target made by ``np.random`` (a few microseconds of Python per element, holding the GIL).
- ``seed2_dropin_numpy_t1``, ``seed2_dropin_numpy_t4``: a producer that does about 1 ms of numpy work
  that releases the GIL (a 368 x 368 float32 matmul on one BLAS thread: ``run.py`` pins OpenBLAS/OMP/MKL
  to one thread before numpy loads) and returns the seed's element shapes (the product's top-left
  (2, 2) corner and an int32 target). With 2 cores, 4 producer threads can make it about 2x faster.

Variants:

- ``legacy``: ``tf.compat.v1``; ``start_queue_runners`` with a ``Coordinator`` (N runner threads, each
  running the enqueue op, so the ``py_func``, by ``sess.run``).
- ``bridge``: ``tfdata_bridge.compat.v1``; the producer subgraph is lifted into tf.data (N copies read
  by a parallel interleave), ``start_queue_runners`` returns no thread.

Each run builds the program in a fresh ``tf.Graph`` and ``Session`` (outside the timed region; the legacy
queue is closed at the end of each run, so it cannot be reused), then times from
``start_queue_runners`` to the last batch, then stops as a legacy program does: ``request_stop``,
``join`` with a timeout, close the session. Eager execution stays on for the other cases.
"""

from __future__ import annotations

import statistics
import time
from dataclasses import dataclass
from typing import Any, ClassVar

import numpy as np
import tensorflow as tf

from cases.common import Config, Variant
from cases.seed2_pyfunc import get_numpy_tensors, run_program

THREADS = (1, 4)
MATMUL_N = 368  # about 1 ms per product on one core of the 2-core benchmark machines

MATRIX = np.random.default_rng(0).random((MATMUL_N, MATMUL_N), dtype=np.float32)


def get_numpy_work() -> tuple[np.ndarray, np.int32]:
    """About 1 ms of numpy work that releases the GIL (a BLAS matmul), then the seed's element shapes."""
    product = MATRIX @ MATRIX
    input = np.ascontiguousarray(product[:2, :2])  # noqa: A001 - the seed's name
    target = np.int32(np.random.randint(10))
    return input, target


PRODUCERS = {"pyfunc": get_numpy_tensors, "numpy": get_numpy_work}
# (case name, producer, num_threads), in the order run.py runs them.
CASES = [(f"seed2_dropin_{kind}_t{n}", kind, n) for kind in PRODUCERS for n in THREADS]
SCALING_TARGET = 1.7  # the drop-in's numpy t4/t1, on a 2-core machine
RATIO_TARGET = 0.95  # bridge/legacy, every drop-in case


def batches_for(kind: str, config: Config) -> int:
    if kind == "numpy":  # about 1,000 elements/s on one thread
        return config.scale(50, 12)
    return config.scale(200, 40)


@dataclass(frozen=True)
class Case:
    """One case (a producer kind and a thread count), as run.py runs a case module: ``variants(config)``.
    Its two variants are interleaved run by run (``INTERLEAVED``)."""

    kind: str
    threads: int
    INTERLEAVED: ClassVar[bool] = True

    def variants(self, config: Config) -> list[Variant]:
        return variants(self.kind, self.threads, config)


def variants(kind: str, threads: int, config: Config) -> list[Variant]:
    import tfdata_bridge.compat.v1 as bridge_v1

    batches = batches_for(kind, config)
    producer = PRODUCERS[kind]
    what = (f"py_func({producer.__name__}: {call_ms(producer):.3f} ms per call alone) -> "
            f"train.batch(32, num_threads={threads}, capacity=64) -> 2 * batch; sess.run loop")
    return [
        Variant("legacy", lambda: run_program(tf.compat.v1, producer, threads, batches),
                description=f"tensorflow.compat.v1: {what}; start_queue_runners + Coordinator"),
        Variant("bridge", lambda: run_program(bridge_v1, producer, threads, batches),
                description=f"tfdata_bridge.compat.v1 (drop-in): {what}"),
    ]


def call_ms(producer: Any, calls: int = 50) -> float:
    """The producer's own cost: the median of ``calls`` timed calls, in milliseconds."""
    times = []
    for _ in range(calls):
        start = time.perf_counter()
        producer()
        times.append(time.perf_counter() - start)
    return 1000 * statistics.median(times)


def scaling(results: list[Any]) -> dict[str, float]:
    """Each variant's 4-thread figure over its 1-thread figure, per producer kind (``"numpy bridge"``...)."""
    rates = {(r.case, r.variant): r.elements_per_s for r in results}
    out = {}
    for kind in PRODUCERS:
        for variant in ("legacy", "bridge"):
            t1 = rates.get((f"seed2_dropin_{kind}_t1", variant))
            t4 = rates.get((f"seed2_dropin_{kind}_t4", variant))
            if t1 and t4:
                out[f"{kind} {variant}"] = t4 / t1
    return out
