"""Issue 9, point 4: closing the session releases a consumer waiting on a lifted pipeline.

Graph mode: a ``py_func`` producer blocked in a long call, a thread in ``sess.run(train.batch(...))``,
then ``coord.request_stop(); sess.close()``. Legacy's consumer gets ``CancelledError`` at once; the
drop-in's waited until the producer call returned (forever if it never did). Both producer kinds: a
zero-input ``py_func`` (a Python producer, ``py_producers.py``) and a ``py_func`` with a tensor input
(lifted into a ``Dataset.map``). The same program runs under ``tensorflow.compat.v1`` and under
``tfdata_bridge.compat.v1``, in a fresh Python with a timeout; the producer call is released only after
the consumer has been seen to end (or given up on).
"""

from __future__ import annotations

import json
import os

import pytest
from child_results import results_of

CHILD_TIMEOUT_S = 150
GIVE_UP_S = 20  # far above "at once"; only a consumer held by the producer call gets near it


def scenario(module: str, kind: str) -> dict:
    import threading

    import numpy as np

    if module == "legacy":
        import tensorflow.compat.v1 as tf
    else:
        import tfdata_bridge.compat.v1 as tf

    release = threading.Event()
    calls = [0]

    def produce(*_):
        calls[0] += 1
        if calls[0] > 3:  # a few elements, then a call that lasts until the test releases it
            release.wait(120)
        return np.float32(1)

    with tf.Graph().as_default():
        inputs = [] if kind == "zero-input" else [tf.constant(1.0)]
        value = tf.py_func(produce, inputs, tf.float32)
        value.set_shape([])
        batch = tf.train.batch([value], batch_size=2, capacity=4)
        sess = tf.Session()
        coord = tf.train.Coordinator()
        tf.train.start_queue_runners(sess, coord)
        got: list[str] = []

        def consume():
            try:
                while True:
                    sess.run(batch)
                    got.append("batch")
            except BaseException as e:  # noqa: BLE001 - what the consumer sees is the point
                got.append(type(e).__name__)

        consumer = threading.Thread(target=consume, daemon=True)
        consumer.start()
        while calls[0] <= 3:  # the producer is now inside its long call
            threading.Event().wait(0.05)
        threading.Event().wait(0.5)  # the consumer is waiting for its next batch

        def close():
            coord.request_stop()
            sess.close()

        threading.Thread(target=close, daemon=True).start()  # legacy's close waits for the producer
        consumer.join(GIVE_UP_S)
        released = not consumer.is_alive()
        release.set()
        consumer.join(30)
        return {"released_while_producer_blocked": released, "consumer_saw": got[-1:]}


def run_child() -> None:
    import signal

    signal.signal(signal.SIGINT, signal.default_int_handler)
    import tensorflow.compat.v1 as tf

    tf.disable_eager_execution()
    results = {f"{m} {k}": scenario(m, k) for m in ("legacy", "drop-in") for k in ("zero-input", "tensor-input")}
    print("RESULT " + json.dumps(results), flush=True)
    os._exit(0)


@pytest.mark.timeout(CHILD_TIMEOUT_S + 30)
def test_closing_the_session_releases_the_consumer_with_cancelled_error_as_legacy():
    results = results_of(__file__, CHILD_TIMEOUT_S)
    expected = {"released_while_producer_blocked": True, "consumer_saw": ["CancelledError"]}
    for kind in ("zero-input", "tensor-input"):
        assert results[f"legacy {kind}"] == expected, results  # the oracle
        assert results[f"drop-in {kind}"] == results[f"legacy {kind}"], results



@pytest.mark.timeout(60)
def test_a_consumer_waiting_on_a_pipeline_of_tensorflow_ops_alone_is_released_by_close():
    """Such a run takes the handoff to a worker thread too (a native read can block beyond TensorFlow's
    reach: ``test_reliability_stalled_read.py``); close releases the wait, here on an empty drop-in
    queue read inside tf.data."""
    import threading
    import time
    import warnings

    import tensorflow as tf

    import tfdata_bridge.compat.v1 as bridge
    from tfdata_bridge._src.compat import session_release

    with tf.Graph().as_default() as graph, warnings.catch_warnings():
        warnings.simplefilter("ignore")
        queue = bridge.FIFOQueue(10, tf.float32, shapes=[[]])
        batch = bridge.train.batch([queue.dequeue() * 2], 4)
        sess = bridge.Session(graph=graph)
        coord = bridge.train.Coordinator()
        bridge.train.start_queue_runners(sess, coord)
        assert session_release.waits_on(sess, batch) is not None  # the run is made on a worker thread
        ended: list[str] = []

        def consume() -> None:
            try:
                sess.run(batch)
                ended.append("a batch")
            except tf.errors.OpError as e:
                ended.append(type(e).__name__)

        consumer = threading.Thread(target=consume, daemon=True)
        consumer.start()
        time.sleep(0.5)  # waiting inside tf.data on the empty queue
        coord.request_stop()
        sess.close()
        consumer.join(GIVE_UP_S)
        assert ended == ["CancelledError"]


if __name__ == "__main__":
    run_child()
