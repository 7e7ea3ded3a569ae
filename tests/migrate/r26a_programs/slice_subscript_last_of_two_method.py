"""A method taking the last of two sliced tensors by a negative index (``slice_input_producer([ids, rows])[-1]``,
``from tensorflow.compat import v1 as tf``), the other slice unused, then batched; and a second pipeline of the
same class taking the first by ``[0]`` with a reused name; a third binding the producer of one tensor to a name
read only as ``input_queue[0]``."""
import os

import numpy as np
from tensorflow.compat import v1 as tf


class Table(object):
    def __init__(self, rows):
        self.ids = np.arange(len(rows), dtype=np.int64)
        self.rows = np.asarray(rows, np.float32)

    def row_batches(self):
        row = tf.train.slice_input_producer([self.ids, self.rows], num_epochs=1, shuffle=False)[-1]
        row = row * 2.0 + 1.0
        return tf.train.batch([row], batch_size=3)

    def id_batches(self):
        row = tf.train.slice_input_producer([self.ids, self.rows], num_epochs=1, shuffle=False)[0]
        return tf.train.batch([row, row * 10], batch_size=3)

    def first_columns(self):
        input_queue = tf.train.slice_input_producer([self.rows], num_epochs=1, shuffle=False)
        row = input_queue[0]
        return tf.train.batch([row[0] - 1.0], batch_size=3)


def main(data_dir):
    table = Table([[i, i * 0.5] for i in range(7)])
    rows = table.row_batches()
    ids, tens = table.id_batches()
    firsts = table.first_columns()
    batches, end = [], None
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                r, i, t, c = sess.run([rows, ids, tens, firsts])
                batches.append([r.tolist(), i.tolist(), t.tolist(), c.tolist()])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": end}
