"""A numpy_function producer over a callable object that ends the data by raising StopIteration itself.

(Raising OutOfRangeError inside a py_func does not end a legacy queue: TensorFlow reports it as UnknownError.)
"""

import numpy as np
import tensorflow.compat.v1 as tf


class Source:
    def __init__(self, n):
        self.i = 0
        self.n = n

    def __call__(self):
        if self.i >= self.n:
            raise StopIteration("no more examples")
        self.i += 1
        return np.array([self.i, -self.i], np.int64)


def main(data_dir):
    source = Source(33)
    pair = tf.numpy_function(source, [], tf.int64)
    pair.set_shape([2])
    batch = tf.train.batch([pair], batch_size=6, allow_smaller_final_batch=True)
    out = []
    with tf.Session() as sess:
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                out.append([sess.run(batch).tolist()])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        coord.request_stop()
        coord.join(threads)
    return {"batches": out, "end": end}
