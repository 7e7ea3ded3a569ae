"""Two levels: ``batch_of(filename_queue, n)`` is handed the queue and hands it on to a reader helper
``read_record(filename_queue)`` that reads and decodes, then batches; ``inputs(files, shuffle)`` makes the producer
with its ``shuffle`` a parameter (called unshuffled here)."""
import os

import numpy as np
import tensorflow.compat.v1 as tf


def read_record(filename_queue):
    reader = tf.FixedLengthRecordReader(record_bytes=8)
    _, value = reader.read(filename_queue)
    pair = tf.decode_raw(value, tf.int32)
    pair.set_shape([2])
    return pair


def batch_of(filename_queue, batch_size):
    pair = read_record(filename_queue)
    x = tf.cast(pair, tf.float32) * 0.5
    return tf.train.batch([x], batch_size=batch_size, allow_smaller_final_batch=True)


def inputs(files, shuffle):
    filename_queue = tf.train.string_input_producer(files, num_epochs=1, shuffle=shuffle)
    return batch_of(filename_queue, 4)


def main(data_dir):
    files = []
    for f in range(3):
        path = os.path.join(data_dir, "r30a_records_%d.bin" % f)
        np.arange(f * 100, f * 100 + 6, dtype=np.int32).tofile(path)
        files.append(path)
    x = inputs(files, False)
    batches, end = [], None
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                batches.append([sess.run(x).tolist()])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": end}
