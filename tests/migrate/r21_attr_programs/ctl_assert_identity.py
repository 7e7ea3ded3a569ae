"""pix2pix's shape over CSV rows: `assertion = tf.assert_equal(...)` on the read, then `with
tf.control_dependencies([assertion]): x = tf.identity(x)` inside a name scope, then more per-element code and a
batch."""

import os

import tensorflow.compat.v1 as tf


def load(data_dir):
    files = [os.path.join(data_dir, "table-%d.csv" % i) for i in range(3)]
    with tf.name_scope("load_rows"):
        path_queue = tf.train.string_input_producer(files, num_epochs=1, shuffle=False)
        reader = tf.TextLineReader(skip_header_lines=1)
        _, line = reader.read(path_queue)
        a, b, label = tf.decode_csv(line, [[0.0], [0.0], [0]])
        assertion = tf.assert_equal(tf.size(label), 1, message="one label per row")
        with tf.control_dependencies([assertion]):
            a = tf.identity(a)
        scaled = a * 0.5 + b
    return tf.train.batch([scaled, label], batch_size=7)


def main(data_dir):
    scaled, label = load(data_dir)
    batches, end = [], None
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                x, y = sess.run([scaled, label])
                batches.append([x.tolist(), y.tolist()])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": batches, "end": end}
