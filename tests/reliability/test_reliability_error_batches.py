"""Issue 9, point 7: every full batch legacy delivers before a producer's error arrives.

A producer makes 95 elements, then raises; batches of 10 under a ``Coordinator``. Legacy: the runner
hands the error to the coordinator, the queue is closed, the consumer gets the 9 full batches of what
the queue held, then ``OutOfRangeError``, and ``coord.join()`` re-raises the error. The drop-in's
``shuffle_batch`` gave 4 (tf.data's shuffle buffer, filled to capacity, was passed by the error), and
an unliftable producer (the fallback runner) 1 where legacy gave 2. Same program both ways, compared.
"""

from __future__ import annotations

import numpy as np
import pytest
import tensorflow as tf_base

import tfdata_bridge.compat.v1 as bridge

legacy = tf_base.compat.v1
ELEMENTS, BATCH = 95, 10


def _program(tf, kind: str, shuffle: bool, coordinated: bool = True) -> dict:
    made = [0]

    def produce(*_):
        made[0] += 1
        if made[0] > ELEMENTS:
            raise ValueError(f"the producer failed at element {made[0]}")
        return np.float32(made[0])

    with tf.Graph().as_default():
        if kind == "zero-input":
            value = tf.py_func(produce, [], tf.float32)
        elif kind == "tensor-input":
            value = tf.py_func(produce, [tf.constant(1.0)], tf.float32)
        else:  # unliftable: reads a variable
            variable = tf.Variable(1.0)
            value = tf.py_func(produce, [variable.read_value()], tf.float32)
        value.set_shape([])
        if shuffle:
            batch = tf.train.shuffle_batch([value], batch_size=BATCH, capacity=50, min_after_dequeue=20, seed=1)
        else:
            batch = tf.train.batch([value], batch_size=BATCH, capacity=50)
        with tf.Session() as sess:
            sess.run(tf.global_variables_initializer())
            coord = tf.train.Coordinator() if coordinated else None
            threads = tf.train.start_queue_runners(sess, coord)
            got, end = [], None
            try:
                while len(got) < 100:
                    got.append(sess.run(batch).tolist())
            except tf.errors.OpError as e:
                end = e
            joined = None
            if coord is not None:
                try:
                    coord.join(threads, stop_grace_period_secs=10)
                except Exception as e:  # noqa: BLE001 - what join re-raises is the point
                    joined = type(e).__name__
    return {"batches": len(got), "values": sorted(v for b in got for v in b), "end": type(end).__name__,
            "end_message": str(end), "join": joined}


@pytest.mark.timeout(120)
@pytest.mark.parametrize("shuffle", [True, False], ids=["shuffle_batch", "batch"])
@pytest.mark.parametrize("kind", ["zero-input", "tensor-input", "unliftable"])
def test_every_full_batch_before_the_error_arrives_as_in_legacy(kind, shuffle):
    old = _program(legacy, kind, shuffle)
    new = _program(bridge, kind, shuffle)
    assert (old["batches"], old["end"], old["join"]) == (ELEMENTS // BATCH, "OutOfRangeError", "InvalidArgumentError")
    assert (new["batches"], new["end"], new["join"]) == (old["batches"], old["end"], old["join"])
    assert len(set(new["values"])) == len(new["values"])  # exactly once
    assert set(new["values"]) <= set(float(i) for i in range(1, ELEMENTS + 1))


@pytest.mark.timeout(120)
@pytest.mark.parametrize("kind", ["zero-input", "tensor-input"])
def test_without_a_coordinator_the_shuffled_batches_come_first_then_the_error(kind):
    # Legacy leaves this consumer waiting forever (the error stays on the runner thread); the drop-in
    # delivers the same 9 batches, then raises the producer's error in sess.run.
    new = _program(bridge, kind, shuffle=True, coordinated=False)
    assert (new["batches"], new["end"]) == (ELEMENTS // BATCH, "InvalidArgumentError")
    assert "the producer failed at element 96" in new["end_message"]
