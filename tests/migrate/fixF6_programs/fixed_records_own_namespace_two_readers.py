"""One file: a helper reading fixed-length records with the reader class it is handed (`reader(record_bytes=8)`),
two readers into `batch_join`, called through a namespace of this module."""
import os
from types import SimpleNamespace

import numpy as np
import tensorflow.compat.v1 as tf


def int_batches(files, reader, n_threads, batch_size):
    queue = tf.train.string_input_producer(files, num_epochs=1, shuffle=False)
    rows = []
    for _ in range(n_threads):
        _, rec = reader(record_bytes=8).read(queue)
        pair = tf.decode_raw(rec, tf.int32)
        rows.append([pair[0], pair[1] * 2])
    return tf.train.batch_join(rows, batch_size, allow_smaller_final_batch=True)


ops = SimpleNamespace(int_batches=int_batches)


def main(data_dir):
    folder = os.path.join(data_dir, "f6_fixed")
    os.makedirs(folder, exist_ok=True)
    files = []
    for s in range(2):
        files.append(os.path.join(folder, "chunk-%d.bin" % s))
        np.arange(s * 100, s * 100 + 14, dtype=np.int32).tofile(files[-1])
    fetch = ops.int_batches(files, tf.FixedLengthRecordReader, 2, 3)
    batches = []
    with tf.Session() as sess:
        sess.run([tf.global_variables_initializer(), tf.local_variables_initializer()])
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                batches.append([v.tolist() for v in sess.run(fetch)])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": batches, "end": end}
