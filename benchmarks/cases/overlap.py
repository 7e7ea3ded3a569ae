"""Overlap: production and consumption run at the same time.

The producer takes 2 ms per batch of 32 (``time.sleep(0.002)``, then it returns a whole batch:
``enqueue_many=True``); the consumer's step takes 2 ms per batch (``time.sleep(0.002)``: a step that,
like a TensorFlow training step, leaves the GIL free). Run one after the other they take the sum;
overlapped, the wall time is close to the larger of the two.

- ceiling: the consumer alone: the same loop and step over a ``from_tensor_slices`` replay, so every
           batch is ready when asked for. Its wall time is the consumer's total: the steps plus what
           the eager iterator costs per batch (on our 2-core machines 0.1 to 0.25 ms after a sleep,
           whatever the pipeline).
- bridge:  the producer as a spec (``Producer.call(load_batch, enqueue_many=True)``), compiled.

Figures (medians over the runs): ``wall_s`` (creating the iterator to the last step, bridge),
``producer_s`` (the producer's calls, summed), ``step_s`` (the steps, summed), ``consumer_s`` (the
ceiling's wall), ``max_s``/``sum_s`` of producer and consumer, and ``ratio_wall_to_max = wall_s /
max_s``: acceptance is ``<= 1.15``. ``ratio_wall_to_max_steps = wall_s / max(producer_s, step_s)`` is
the stricter reading that also charges the iterator's own per-batch cost to the overlap.
"""

from __future__ import annotations

import statistics
import threading
import time
from typing import Any

import numpy as np
import tensorflow as tf

import tfdata_bridge
from cases.common import Config, Result, Run, Variant, drain
from tfdata_bridge import Producer

BATCH_SIZE = 32
CAPACITY = 2 * BATCH_SIZE
PRODUCER_S = 0.002
STEP_S = 0.002
TARGET_RATIO = 1.15


def variants(config: Config) -> list[Variant]:
    batches = config.scale(250, 100)
    features = np.ones((BATCH_SIZE, 100), np.float32)
    labels = np.arange(BATCH_SIZE, dtype=np.int32)
    totals = {"producer": 0.0, "step": 0.0}
    lock = threading.Lock()

    def load_batch():
        start = time.perf_counter()
        time.sleep(PRODUCER_S)
        batch = features.copy(), labels.copy()
        with lock:
            totals["producer"] += time.perf_counter() - start
        return batch

    def step(_batch: Any) -> None:
        start = time.perf_counter()
        time.sleep(STEP_S)
        totals["step"] += time.perf_counter() - start

    spec = tfdata_bridge.pipeline(
        Producer.call(load_batch, enqueue_many=True, calls=batches),
        dtypes=[tf.float32, tf.int32], shapes=[[100], []], capacity=CAPACITY, batch_size=BATCH_SIZE,
    )
    bridge = tfdata_bridge.compile(spec)
    replay = tf.data.Dataset.from_tensor_slices(
        (np.tile(features, (batches, 1)), np.tile(labels, batches))
    ).batch(BATCH_SIZE).prefetch(2)

    def timed(dataset: Any) -> Run:
        with lock:
            totals["producer"] = totals["step"] = 0.0
        result = drain(dataset, batches, BATCH_SIZE, step)
        with lock:
            result.extra = {"wall_s": result.seconds, "producer_s": totals["producer"], "step_s": totals["step"]}
        return result

    return [
        Variant("ceiling", lambda: timed(replay),
                description=f"the consumer alone: {batches} steps of {STEP_S * 1e3:g} ms over a from_tensor_slices replay"),
        Variant("bridge", lambda: timed(bridge), description=(
            f"producer {PRODUCER_S * 1e3:g} ms per batch of {BATCH_SIZE} (enqueue_many, capacity {CAPACITY}), "
            f"consumer step {STEP_S * 1e3:g} ms, {batches} batches"
        )),
    ]


def summarize(results: list[Result]) -> dict[str, float] | None:
    """The overlap figures, from the bridge's runs and the ceiling's (the consumer alone)."""
    by_variant = {r.variant: r for r in results if r.case == "overlap"}
    if "bridge" not in by_variant or "ceiling" not in by_variant:
        return None
    runs = by_variant["bridge"].runs

    def median(key: str, rs: list[Run] = runs) -> float:
        return statistics.median(r.extra[key] for r in rs)

    wall, producer, steps = median("wall_s"), median("producer_s"), median("step_s")
    consumer = median("wall_s", by_variant["ceiling"].runs)
    larger = max(producer, consumer)
    return {
        "wall_s": wall,
        "producer_s": producer,
        "step_s": steps,
        "consumer_s": consumer,
        "max_s": larger,
        "sum_s": producer + consumer,
        "ratio_wall_to_max": wall / larger,
        "ratio_wall_to_max_steps": wall / max(producer, steps),
    }
