"""A reader class whose producer's flags are attributes: `input_producer(rows, num_epochs=None if
self.is_training else self.epochs, shuffle=self.is_training, seed=...)` dequeued into a `batch`; an evaluation
instance read in order, a training one (shuffled, one epoch) read as a multiset; `import tensorflow.compat.v1`."""

import numpy as np
import tensorflow.compat.v1 as tf

ROWS = np.arange(84, dtype=np.float32).reshape(42, 2)


class RowReader(object):

    def __init__(self, is_training, epochs=1, seed=None):
        self.is_training = is_training
        self.epochs = epochs
        self.seed = seed

    def batches(self, batch_size):
        rows = tf.train.input_producer(tf.constant(ROWS), num_epochs=None if self.is_training and not self.epochs
                                       else self.epochs, shuffle=self.is_training, seed=self.seed)
        row = rows.dequeue()
        return tf.train.batch([row * 2.0], batch_size=batch_size, allow_smaller_final_batch=True)


def _drain(sess, fetch):
    out = []
    try:
        while True:
            out.append(sess.run(fetch).tolist())
    except tf.errors.OutOfRangeError:
        return out, 'OutOfRangeError'


def main(data_dir):
    evaluation = RowReader(False, epochs=2).batches(8)
    training = RowReader(True, epochs=1, seed=5).batches(8)
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        ordered, end = _drain(sess, evaluation)
        shuffled, end2 = _drain(sess, training)
        coord.request_stop()
        coord.join(threads)
    return {'batches': ordered + [[len(b) for b in shuffled], sorted(r for b in shuffled for r in b)],
            'end': end if end == end2 else None}
