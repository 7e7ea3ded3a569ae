"""The slim-like parallel read of a list of files through two readers, shuffled (module import): each record once."""
import os

import tensorflow.compat.v1 as tf

from gang_lib import shards
from pull_lib import pull


def main(data_dir):
    paths = shards.write(os.path.join(data_dir, "pull_two"), shards=2, per_shard=5)
    key, value = pull.pull_read(paths, tf.TFRecordReader, num_epochs=2, num_readers=2, capacity=16,
                                min_after_dequeue=2, seed=9)
    idx = tf.parse_single_example(value, {"idx": tf.FixedLenFeature([], tf.int64)})["idx"]
    idxs = tf.train.batch([idx], batch_size=4)
    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess, coord)
        try:
            while True:
                batches.append([sess.run(idxs).tolist()])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": batches, "end": end}
