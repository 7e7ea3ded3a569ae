"""The read size given as a literal 1 by position, the helper imported by name: the same chain."""
import os

import tensorflow.compat.v1 as tf

from fl_lib.readers import read_records, batch_parsed
from fl_lib.records import SPEC, write_shards


def main(data_dir):
    files = write_shards(os.path.join(data_dir, "fl_positional"), per_shard=3)
    serialized = read_records(files, 2, tf.TFRecordReader, 1)
    idx = tf.parse_example(serialized, SPEC)["idx"]
    plain = batch_parsed(files, 4)
    tags = tf.parse_example(plain, SPEC)["tag"]
    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                batches.append(sess.run(idx).tolist())
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        try:
            while True:
                batches.append([t.decode() for t in sess.run(tags)])
        except tf.errors.OutOfRangeError:
            end += " twice"
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": batches, "end": end}
