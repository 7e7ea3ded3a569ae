"""A ``lambda`` handed by position as the reader factory, ZLIB options by a string, helper imported by name."""
import os

import tensorflow.compat.v1 as tf

from g4_lib.loaders import load_pairs
from g4_lib.shards import write_shards


def main(data_dir):
    files = write_shards(os.path.join(data_dir, "g4_zlib"), "ZLIB", per_shard=4)
    idx, level = load_pairs(files, lambda: tf.TFRecordReader(options=tf.python_io.TFRecordOptions("ZLIB")),
                            batch_size=3)
    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess, coord)
        try:
            while True:
                a, b = sess.run([idx, level])
                batches.append([a.tolist(), b.tolist()])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": batches, "end": end}
