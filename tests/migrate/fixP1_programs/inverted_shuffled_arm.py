"""The inverted flag's shuffled arm: every row once, in batches of four across files."""
import os

import tensorflow.compat.v1 as tf

from p1_lib import inverted, shards


def main(data_dir):
    files = shards.csv_shards(os.path.join(data_dir, "p1_inverted"))
    features, label = inverted.make_input_fn(files, 1)(True)
    batches = []
    with tf.Session() as sess:
        sess.run([tf.global_variables_initializer(), tf.local_variables_initializer()])
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess, coord)
        try:
            while True:
                f, l = sess.run([features, label])
                batches.append([[x.decode() for x in f["id"][:, 0]], l[:, 0].tolist()])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": batches, "end": end}
