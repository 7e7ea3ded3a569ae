"""shuffle_batch through the drop-in mixes at least as well as legacy's shuffle queue, with the
consumer slower than the producer (the queue fills towards capacity: legacy mixes across all of it)
and faster (legacy mixes across little more than min_after_dequeue). A statistic with a wide margin,
measured against legacy on the same program."""

from __future__ import annotations

import time
import warnings
from typing import Any

import numpy as np
import pytest
import tensorflow as tf

import tfdata_bridge.compat.v1 as bridge

N, BATCH, CAPACITY, MIN_AFTER = 3000, 10, 1000, 10
pytestmark = pytest.mark.timeout(180)


def mean_displacement(tf1: Any, step_s: float) -> float:
    """How far, on average, an element moves from its input position (inputs arrive in order)."""
    with tf.Graph().as_default(), warnings.catch_warnings():
        warnings.simplefilter("ignore")
        (value,) = tf1.train.slice_input_producer([np.arange(N, dtype=np.int64)], num_epochs=1, shuffle=False)
        batch = tf1.train.shuffle_batch([value], BATCH, capacity=CAPACITY, min_after_dequeue=MIN_AFTER, seed=3)
        with tf1.Session() as sess:
            sess.run(tf1.local_variables_initializer())
            coord = tf1.train.Coordinator()
            threads = tf1.train.start_queue_runners(sess, coord)
            out: list[int] = []
            try:
                while True:
                    out.extend(sess.run(batch).tolist())
                    if step_s:
                        time.sleep(step_s)
            except tf.errors.OutOfRangeError:
                pass
            coord.request_stop()
            coord.join(threads, stop_grace_period_secs=10)
    assert sorted(out) == list(range(N))
    return float(np.mean(np.abs(np.array(out) - np.arange(N))))


@pytest.mark.parametrize("step_s", [0.005, 0.0], ids=["consumer slower", "consumer faster"])
def test_shuffle_batch_mixes_at_least_as_well_as_legacy(step_s):
    legacy = mean_displacement(tf.compat.v1, step_s)
    ours = mean_displacement(bridge, step_s)
    assert ours >= 0.5 * legacy, (ours, legacy)
    assert ours >= 0.25 * CAPACITY, (ours, legacy)  # mixes across the capacity, not min_after_dequeue
