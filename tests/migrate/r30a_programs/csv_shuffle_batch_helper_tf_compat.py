"""``import tensorflow as tf`` with every legacy call spelled ``tf.compat.v1``: a CIFAR-style helper handed the
file queue reads CSV lines, decodes them and ``shuffle_batch``es inside; the caller's producer shuffles its files."""
import os

import tensorflow as tf


def _write(data_dir):
    paths = []
    for f in range(3):
        path = os.path.join(data_dir, "r30a_rows_%d.csv" % f)
        with open(path, "w") as out:
            for i in range(4):  # 12 rows: three whole batches, none dropped
                out.write("%d,%d,%.1f\n" % (f, i, f * 4 + i * 0.5))
        paths.append(path)
    return paths


def distorted_inputs(filename_queue, batch_size):
    reader = tf.compat.v1.TextLineReader()
    key, value = reader.read(filename_queue)
    f, i, x = tf.io.decode_csv(value, record_defaults=[[0], [0], [0.0]])
    row = tf.stack([tf.cast(f, tf.float32), tf.cast(i, tf.float32), x])
    rows = tf.compat.v1.train.shuffle_batch([row], batch_size=batch_size, capacity=40, min_after_dequeue=10,
                                            num_threads=2, seed=7)
    return rows * 2.0


def main(data_dir):
    files = _write(data_dir)
    filename_queue = tf.compat.v1.train.string_input_producer(files, num_epochs=1, shuffle=True, seed=3)
    rows = distorted_inputs(filename_queue, 4)
    batches, end = [], None
    with tf.compat.v1.Session() as sess:
        sess.run(tf.compat.v1.local_variables_initializer())
        coord = tf.compat.v1.train.Coordinator()
        threads = tf.compat.v1.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                batches.append([sess.run(rows).tolist()])  # (one column: the rows)
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": end}
