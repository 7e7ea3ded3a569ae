"""Issue 9, point 8: a ``QueueRunner`` of the program's own whose enqueue raises, with no ``Coordinator``
(graph mode): the consumer keeps waiting, as in legacy, and the error is in ``qr.exceptions_raised``.
The README says so; this shows it, legacy and drop-in side by side, in a fresh Python with a timeout
(the waiting consumer is a daemon thread the child leaves behind)."""

from __future__ import annotations

import json
import os

import pytest
from child_results import results_of

CHILD_TIMEOUT_S = 120


def scenario(module: str) -> dict:
    import threading
    import warnings

    if module == "legacy":
        import tensorflow.compat.v1 as tf
    else:
        import tfdata_bridge.compat.v1 as tf

    def boom():
        raise ValueError("the enqueue failed")

    with tf.Graph().as_default(), warnings.catch_warnings():
        warnings.simplefilter("ignore")
        q = tf.FIFOQueue(4, tf.int64, shapes=[[]])
        qr = tf.train.QueueRunner(q, [q.enqueue(tf.py_func(boom, [], tf.int64))])
        dequeue = q.dequeue()
        sess = tf.Session()
        got: list[str] = []

        def consume():
            try:
                sess.run(dequeue)
                got.append("an element")
            except BaseException as e:  # noqa: BLE001 - what the consumer sees is the point
                got.append(type(e).__name__)

        threading.excepthook = lambda args: None  # the runner thread re-raises; legacy prints it
        runners = qr.create_threads(sess, start=True)
        consumer = threading.Thread(target=consume, daemon=True)
        consumer.start()
        for t in runners:
            t.join(30)
        consumer.join(2.0)  # long after the runner ended: a consumer that was going to fail has failed
        return {"runner_ended": not any(t.is_alive() for t in runners), "consumer_waiting": consumer.is_alive(),
                "consumer_saw": got, "exceptions_raised": [type(e).__name__ for e in qr.exceptions_raised]}


@pytest.mark.timeout(CHILD_TIMEOUT_S + 30)
def test_a_user_queue_runner_raising_without_a_coordinator_leaves_the_consumer_waiting_as_legacy():
    results = results_of(__file__, CHILD_TIMEOUT_S)
    expected = {"runner_ended": True, "consumer_waiting": True, "consumer_saw": [],
                "exceptions_raised": ["InvalidArgumentError"]}
    assert results["legacy"] == expected, results  # the oracle
    assert results["drop-in"] == results["legacy"], results


if __name__ == "__main__":
    import tensorflow.compat.v1 as tf1

    tf1.disable_eager_execution()
    print("RESULT " + json.dumps({m: scenario(m) for m in ("legacy", "drop-in")}), flush=True)
    os._exit(0)
