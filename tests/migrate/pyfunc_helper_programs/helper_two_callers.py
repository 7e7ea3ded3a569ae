"""One helper, two callers: the training input batches the helper's py_func tensors, and a probe function
calls the helper too (and is never run); the helper stays beside the rewritten pipeline. The record dict is
built in the helper from one py_func output; the helper's local name reused in main for another value."""

import numpy as np
import tensorflow.compat.v1 as tf

_counter = {"n": 0}


def _next_pair():
    n = _counter["n"]
    if n >= 26:
        raise StopIteration
    _counter["n"] = n + 1
    return np.array([n, -n], np.int32)


def pair_tensors():
    """The pair, as a dict."""
    pair = tf.py_func(_next_pair, [], tf.int32, stateful=True)
    pair.set_shape([2])
    return {"left": pair[0], "right": pair[1] * 10}


def probe():
    return pair_tensors()


def main(data_dir):
    _counter["n"] = 0
    pair = pair_tensors()
    batch = tf.train.batch(pair, batch_size=4)
    pair = "unrelated"
    batches, end = [], None
    with tf.Session() as sess:
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                got = sess.run(batch)
                batches.append([got["left"].tolist(), got["right"].tolist()])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": end, "pair": pair}
