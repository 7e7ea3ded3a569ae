"""The slim-like parallel read (a package's) of a file pattern, one reader, not shuffled: legacy's order exactly,
the record keys not read."""
import os

import tensorflow.compat.v1 as tf

from gang_lib import shards
from pull_lib.pull import pull_read

FEATURES = {"weight": tf.FixedLenFeature([], tf.float32), "idx": tf.FixedLenFeature([], tf.int64)}


def main(data_dir):
    folder = os.path.join(data_dir, "pull_one")
    shards.write(folder, shards=3, per_shard=3)
    _, serialized = pull_read(os.path.join(folder, "part_*.tfrecord"), tf.TFRecordReader, num_epochs=1,
                              num_readers=1, shuffle=False)
    example = tf.parse_single_example(serialized, FEATURES)
    weights, idxs = tf.train.batch([example["weight"], example["idx"]], batch_size=2,
                                   allow_smaller_final_batch=True)
    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess, coord)
        try:
            while True:
                w, i = sess.run([weights, idxs])
                batches.append([w.tolist(), i.tolist()])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": batches, "end": end}
