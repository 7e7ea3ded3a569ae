"""A record reader whose batch gains an index column when the caller asks, by a literal flag."""
import os

import numpy as np
import tensorflow.compat.v1 as tf


def load(batch_size, path, with_index):
    queue = tf.train.string_input_producer([path], num_epochs=2, shuffle=False)
    _, record = tf.FixedLengthRecordReader(record_bytes=4).read(queue)
    values = tf.reshape(tf.cast(tf.decode_raw(record, tf.uint8), tf.int32), [4])
    features = [values, tf.reduce_sum(values)]
    if with_index:
        first = values[0] * 10
        features.append(first)
    else:
        features.append(tf.reduce_max(values))
    return tf.train.batch(features, batch_size=batch_size, num_threads=1)


def main(data_dir):
    path = os.path.join(data_dir, "r34c_literal.bin")
    np.arange(40, dtype=np.uint8).tofile(path)
    values, sums, firsts = load(4, path, True)
    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                v, s, f = sess.run([values, sums, firsts])
                batches.append([v.tolist(), s.tolist(), f.tolist()])
        except tf.errors.OutOfRangeError:
            pass
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": "OutOfRangeError"}
