"""A bad element: `tf.assert_less` under `control_dependencies` fails on row 37 (of 150). Legacy's runner
closes the batch queue (the full batches before it arrive, then OutOfRangeError) and reports the assertion's
error at `coord.join`; the migrated map function fails that element's batch: the same batches, then the
error. What arrives first is recorded, and which errors were seen."""

import os

import tensorflow.compat.v1 as tf


def main(data_dir):
    files = [os.path.join(data_dir, "table-%d.csv" % i) for i in range(3)]
    queue = tf.train.string_input_producer(files, num_epochs=1, shuffle=False)
    _, line = tf.TextLineReader(skip_header_lines=1).read(queue)
    a, b, label = tf.decode_csv(line, [[0.0], [0.0], [0]])
    check = tf.assert_less(a, 37.0, message="row out of range")
    with tf.control_dependencies([check]):
        a = tf.identity(a)
    a_batch, b_batch = tf.train.batch([a, b], batch_size=5)
    batches, seen = [], []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                x, y = sess.run([a_batch, b_batch])
                batches.append([x.tolist(), y.tolist()])
        except tf.errors.OpError as exc:
            seen.append([type(exc).__name__, "row out of range" in str(exc)])
        finally:
            coord.request_stop()
        try:
            coord.join(threads)
        except tf.errors.OpError as exc:
            seen.append([type(exc).__name__, "row out of range" in str(exc)])
    return {"batches": batches, "seen": seen}
