"""A contrib-style `read_keyed_batches` of a package, the reader class handed by position, one reader, in order."""
import os

import tensorflow.compat.v1 as tf

from f6_contrib import graph_io


def main(data_dir):
    pattern = graph_io.write_examples(os.path.join(data_dir, "f6_pos"), shards=2, per=5)
    spec = {"idx": tf.FixedLenFeature([], tf.int64), "val": tf.FixedLenFeature([], tf.float32)}
    features = graph_io.read_keyed_batches(pattern, 3, spec, tf.TFRecordReader, False, 1)
    fetch = [features["idx"], features["val"]]
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
