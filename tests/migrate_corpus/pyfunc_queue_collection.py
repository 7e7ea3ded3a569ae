"""A py_func sampler enqueued into a FIFOQueue whose QueueRunner is added with
tf.add_to_collection(tf.GraphKeys.QUEUE_RUNNERS, ...), read by dequeue_many for a fixed number of steps."""

import itertools

import numpy as np
import tensorflow.compat.v1 as tf

_counter = itertools.count()


def sample():
    i = next(_counter)
    return np.array([i, i * 10], dtype=np.float32)


def main(data_dir):
    tf_f = tf.py_func(sample, [], [tf.float32], name="sampler", stateful=True)
    batch_size = 6
    queue = tf.FIFOQueue(capacity=50, dtypes=[tf.float32], shapes=[[2]], name="data_queue")
    enqueue_op = queue.enqueue(tf_f)
    tf_data = queue.dequeue_many(batch_size)
    qr = tf.train.QueueRunner(queue, [enqueue_op])
    tf.add_to_collection(tf.GraphKeys.QUEUE_RUNNERS, qr)
    out = []
    with tf.Session() as sess:
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        for _ in range(4):
            out.append([sess.run(tf_data).tolist()])
        coord.request_stop()
        coord.join(threads, stop_grace_period_secs=5)
    return {"batches": out, "end": "steps"}
