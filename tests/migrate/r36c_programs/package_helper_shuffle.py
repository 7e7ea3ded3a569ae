"""Scores: the helper in a package module reads groups of its module's `READ_N` rows (a header skipped per file);
shuffle_batch with three threads over the rows."""
import os

import tensorflow.compat.v1 as tf

from r36c_lib import rows


def main(data_dir):
    out = os.path.join(data_dir, "r36c_package")
    os.makedirs(out, exist_ok=True)
    paths = []
    for k, count in enumerate((9, 7)):
        path = os.path.join(out, "scores_%d.csv" % k)
        with open(path, "w") as f:
            f.write("user,score\n")
            for i in range(count):
                f.write("user_%d_%d,%d\n" % (k, i, k * 50 + i))
        paths.append(path)
    filename_queue = tf.train.string_input_producer(paths, num_epochs=1, shuffle=False)
    user, score = rows.read_rows(filename_queue)
    user_b, score_b = tf.train.shuffle_batch([user, score], batch_size=4, capacity=40, min_after_dequeue=8,
                                             num_threads=3, enqueue_many=True, seed=3)
    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                u, s = sess.run([user_b, score_b])
                batches.append([u.tolist(), s.tolist()])
        except tf.errors.OutOfRangeError:
            pass
        finally:
            coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": "rows: %d" % sum(len(b[0]) for b in batches)}
