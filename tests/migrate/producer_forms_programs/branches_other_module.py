"""A join of three branches: records and rows read by reader helpers of another module (imported by name) and an
in-memory `slice_input_producer` unpacked in the join's block; the list bound to a name first; `shuffle_batch_join`;
batch sizes and sorted rows."""

import os

import numpy as np
import tensorflow.compat.v1 as tf

from producer_forms_lib.readers import read_records, read_rows


def main(data_dir):
    records = [os.path.join(data_dir, "records-%d.tfrecord" % i) for i in range(4)]
    tables = [os.path.join(data_dir, "table-%d.csv" % i) for i in range(3)]
    memory_x = np.linspace(-1.0, 1.0, 9).astype(np.float32)
    memory_y = np.arange(9, dtype=np.int32) % 3
    x, y = tf.train.slice_input_producer([memory_x, memory_y], num_epochs=2, shuffle=False)
    sources = [
        read_records(tf.train.string_input_producer(records, num_epochs=1, shuffle=False)),
        read_rows(tf.train.string_input_producer(tables, num_epochs=1, shuffle=True, seed=9)),
        [x, y],
    ]
    xs, ys = tf.train.shuffle_batch_join(sources, batch_size=32, capacity=100, min_after_dequeue=30, seed=4,
                                          allow_smaller_final_batch=True)
    sizes, rows, end = [], [], None
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                a, b = sess.run([xs, ys])
                sizes.append(len(a))
                rows.extend(zip(a.tolist(), b.tolist()))
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": [sizes, sorted(rows)], "end": end}
