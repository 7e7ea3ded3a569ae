"""A reader chosen by a module constant (`if FORMAT == "lines": ... elif FORMAT == "fixed": ...`), the helpers
in this module, a plain `batch` after the `if`; the constant picks the CSV lines."""
import os

import tensorflow.compat.v1 as tf

from f5_lib.rows import write_rows

FORMAT = "lines"


def line_rows(filename_queue):
    reader = tf.TextLineReader()
    key, value = reader.read(filename_queue)
    idx, weight, kind = tf.decode_csv(value, [[0], [0.0], [0]])
    return idx, weight * 3.0


def fixed_rows(filename_queue):
    reader = tf.FixedLengthRecordReader(record_bytes=8)
    _, value = reader.read(filename_queue)
    raw = tf.decode_raw(value, tf.int32)
    return raw[0], tf.cast(raw[1], tf.float32)


def main(data_dir):
    path = write_rows(os.path.join(data_dir, "f5_constant"), "rows.csv", 9)
    filename_queue = tf.train.string_input_producer([path], num_epochs=1, shuffle=False)
    if FORMAT == "lines":
        idx, weight = line_rows(filename_queue)
    elif FORMAT == "fixed":
        idx, weight = fixed_rows(filename_queue)
    idxs, weights = tf.train.batch([idx, weight], batch_size=2)
    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                a, b = sess.run([idxs, weights])
                batches.append([a.tolist(), b.tolist()])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": batches, "end": end}
