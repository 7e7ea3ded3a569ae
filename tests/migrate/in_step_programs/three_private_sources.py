"""Three sources through `tensorflow.python.*` modules: two input producers and a range producer, one of
them scaled between the reads, batched by `shuffle_batch` with one thread (a multiset of rows), the name
`x` reused in another function; the end of the one epoch."""

import numpy as np
import tensorflow.compat.v1 as tf
from tensorflow.python.framework import constant_op
from tensorflow.python.training import input as tf_input


def x():
    return 'unrelated'


def main(data_dir):
    first = tf_input.input_producer(constant_op.constant(np.arange(30, dtype=np.int64)), num_epochs=1,
                                    shuffle=False)
    second = tf_input.input_producer(constant_op.constant(np.arange(30, 60, dtype=np.int64)), num_epochs=1,
                                     shuffle=False)
    x = first.dequeue()
    doubled = x * 2
    y = second.dequeue()
    z = tf_input.range_input_producer(100, num_epochs=1, shuffle=False).dequeue()
    batch = tf_input.shuffle_batch([doubled, y, z], batch_size=5, capacity=20, min_after_dequeue=5, seed=1)
    rows, sizes, end = [], [], None
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                d, e, f = sess.run(batch)
                rows.extend(zip(d.tolist(), e.tolist(), f.tolist()))
                sizes.append(len(d))
        except tf.errors.OutOfRangeError:
            end = 'OutOfRangeError'
        coord.request_stop()
        coord.join(threads)
    return {'batches': [sizes, sorted(rows)], 'end': end}
