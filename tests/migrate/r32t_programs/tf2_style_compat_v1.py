"""``import tensorflow as tf`` (TF2 style) spelling the queue APIs ``tf.compat.v1.``: a batch in order."""
import os

import tensorflow as tf


def _write(data_dir, rows):
    path = os.path.join(data_dir, "r32t_tf2.csv")
    with open(path, "w") as out:
        for i in range(rows):
            out.write("%d,%.1f\n" % (i, i / 2.0))
    return path


def main(data_dir):
    queue = tf.compat.v1.train.string_input_producer([_write(data_dir, 10)], num_epochs=1, shuffle=False)
    _, line = tf.compat.v1.TextLineReader().read(queue)
    x, y = tf.io.decode_csv(line, record_defaults=[[0], [0.0]])
    xs, ys = tf.compat.v1.train.batch([x, y], 5, capacity=10)
    batches = []
    with tf.compat.v1.Session() as sess:
        sess.run(tf.compat.v1.local_variables_initializer())
        coord = tf.compat.v1.train.Coordinator()
        threads = tf.compat.v1.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                a, b = sess.run([xs, ys])
                batches.append([a.tolist(), b.tolist()])
        except tf.errors.OutOfRangeError:
            pass
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": "OutOfRangeError"}
