"""A CSV reader helper whose caller passes a mode; an `if`/`elif`/`else` on it picks the per-row value between
the decode and the batch. `from tensorflow.compat.v1 import train`; the last batch kept."""

import os

import tensorflow.compat.v1 as tf
from tensorflow.compat.v1 import train


def rows(data_dir, mode, batch_size):
    files = [os.path.join(data_dir, "table-%d.csv" % i) for i in range(3)]
    file_queue = train.string_input_producer(files, num_epochs=1, shuffle=False)
    _, line = tf.TextLineReader(skip_header_lines=1).read(file_queue)
    a, b, label = tf.decode_csv(line, record_defaults=[[0], [0.0], [0]])
    a = tf.cast(a, tf.float32)
    if mode == "sum":
        value = a + b
    elif mode == "diff":
        scaled = b * 0.5
        value = scaled - a
    else:
        value = a * b
    values, labels = train.batch([value, label], batch_size=batch_size, allow_smaller_final_batch=True)
    return values, labels


def main(data_dir):
    values, labels = rows(data_dir, "diff", 16)
    out, end = [], None
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                v, l = sess.run([values, labels])
                out.append([v.tolist(), l.tolist()])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": out, "end": end}
