"""A class keeps the batch on the attributes its input came from (``self.x, self.y = tf.train.batch(...)``,
the arrays loaded into ``self.x, self.y`` first), a docstring and comments between
(``import tensorflow.compat.v1 as tf1``)."""

import numpy as np
import tensorflow.compat.v1 as tf1


class Data(object):
    def __init__(self, batch_size):
        self.x, self.y = self.load()
        """The input pipeline."""
        # slices of the arrays
        x, y = tf1.train.slice_input_producer([self.x, self.y], num_epochs=1, shuffle=False)
        # batched onto the same attributes
        self.x, self.y = tf1.train.batch([x, y], batch_size, allow_smaller_final_batch=True)

    def load(self):
        return np.arange(30, dtype=np.int64).reshape(10, 3), np.arange(10, dtype=np.int64) * 3


def main(data_dir):
    data = Data(4)
    batches, end = [], None
    with tf1.Session() as sess:
        sess.run(tf1.local_variables_initializer())
        coord = tf1.train.Coordinator()
        threads = tf1.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                xs, ys = sess.run([data.x, data.y])
                batches.append([xs.tolist(), ys.tolist()])
        except tf1.errors.OutOfRangeError:
            end = "OutOfRangeError"
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": batches, "end": end}
