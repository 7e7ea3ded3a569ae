"""TF2-style spelling (`import tensorflow as tf`, `tf.compat.v1.*`): a class builds its input in a method: a
stateful `py_func` over a lambda pulling a generator, a prefetch queue with its runner registered through
`tf.compat.v1.train.queue_runner`, a dequeue, `batch` with a drop of the final partial batch."""

import numpy as np
import tensorflow as tf


def squares(n):
    for i in range(n):
        yield np.int64(i), np.float32(i * i) / 2


class Model(object):

    def __init__(self, n):
        self.n = n

    def inputs(self, batch_size):
        gen = squares(self.n)
        dtypes = [tf.int64, tf.float32]
        i, sq = tf.compat.v1.py_func(lambda: next(gen), [], dtypes, stateful=True)
        i.set_shape([])
        sq.set_shape([])
        queue = tf.compat.v1.FIFOQueue(capacity=10, dtypes=dtypes, shapes=[[], []])
        enqueue = queue.enqueue((i, sq))
        runner = tf.compat.v1.train.queue_runner.QueueRunner(queue, [enqueue])
        tf.compat.v1.train.queue_runner.add_queue_runner(runner)
        got_i, got_sq = queue.dequeue()
        return tf.compat.v1.train.batch([got_i, got_sq], batch_size=batch_size, capacity=30)


def main(data_dir):
    ids, sqs = Model(53).inputs(6)
    batches, end = [], None
    with tf.compat.v1.Session() as sess:
        coord = tf.compat.v1.train.Coordinator()
        threads = tf.compat.v1.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                a, b = sess.run([ids, sqs])
                batches.append([a.tolist(), b.tolist()])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": end}
