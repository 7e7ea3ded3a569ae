"""A helper reached through a namespace of its module (`graph_io.learn.io.read_lines`), its reader class left at
its default, not randomized: in order."""
import os

import tensorflow.compat.v1 as tf

from f6_contrib import graph_io


def main(data_dir):
    files = graph_io.write_lines(os.path.join(data_dir, "f6_lines"), shards=2, per=5)
    assert graph_io.learn.version == "f6"
    fetch = graph_io.learn.io.read_lines(files, 4, randomize=False)
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
