"""The namespace imported by name, the reader class handed by keyword (`tf.compat.v1` spelled out), randomized."""
import os

import tensorflow as tf2
import tensorflow.compat.v1 as tf

from f6_contrib.graph_io import learn, write_lines


def main(data_dir):
    files = write_lines(os.path.join(data_dir, "f6_lines_shuf"), shards=3, per=4)
    fetch = learn.io.read_lines(files, 5, reader=tf2.compat.v1.TextLineReader, randomize=True, threads=2)
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
