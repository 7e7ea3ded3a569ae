"""Copies over a dequeued row: `input_producer(table).dequeue()` in the join's block, another module's
`images.brighten(row)` copied twice in a comprehension written in the `batch_join` call; batch sizes and sorted
rows."""

import numpy as np
import tensorflow.compat.v1 as tf

from producer_forms_lib import images


def main(data_dir):
    table = np.loadtxt(data_dir + "/table-1.csv", delimiter=",", skiprows=1, dtype=np.float32)
    row = tf.train.input_producer(tf.constant(table), num_epochs=1, shuffle=False).dequeue()
    doubled, label = tf.train.batch_join([images.brighten(row) for _ in range(2)], batch_size=8,
                                         allow_smaller_final_batch=True)
    sizes, rows, end = [], [], None
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                d, l = sess.run([doubled, label])
                sizes.append(len(d))
                rows.extend(zip(d.tolist(), l.tolist()))
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": [sizes, sorted(rows)], "end": end}
