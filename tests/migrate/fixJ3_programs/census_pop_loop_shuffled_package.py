"""The census input_fn shuffled (two threads, enqueue_many): each row once, in batches of three."""
import os

import tensorflow.compat.v1 as tf

from fj3_lib import census


def main(data_dir):
    files = census.write_csv(os.path.join(data_dir, 'fj3_census_shuffled'), parts=3, rows=4)
    features, labels = census.input_fn(files, num_epochs=1, shuffle=True, batch_size=3)
    rows, end = [], "none"
    with tf.Session() as sess:
        sess.run([tf.global_variables_initializer(), tf.local_variables_initializer()])
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                f, l = sess.run([features, labels])
                rows.append([f['key'].ravel().tolist(), l.ravel().tolist()])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError %s" % sorted(f)
        coord.request_stop()
        coord.join(threads)
    return {"batches": rows, "end": end}
