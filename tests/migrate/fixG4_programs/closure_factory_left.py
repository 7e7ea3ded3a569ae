"""A factory reading its enclosing function's parameter (a closure): not known where the helper reads, left."""
import os

import tensorflow.compat.v1 as tf

from g4_lib.closures import read_closure
from g4_lib.shards import write_shards


def make_input(kind):
    def input_fn(files):
        def reader_for_kind():
            return tf.TFRecordReader(options=tf.python_io.TFRecordOptions(kind))

        return read_closure(files, reader_for_kind)
    return input_fn


def main(data_dir):
    files = write_shards(os.path.join(data_dir, "g4_closure"), "GZIP", shards=1, per_shard=4)
    idx = make_input("GZIP")(files)
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess, coord)
        batches = [sess.run(idx).tolist() for _ in range(2)]
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": "done"}
