"""The library's parallel readers imported by name, shuffled by a flag of this module with three readers (the
RandomShuffleQueue's arm, kept as the chain's ``if``); a second caller of the helper in the tree."""
import os

import tensorflow.compat.v1 as tf

from r37b_lib.readers import parallel_read, write_shards

SHUFFLE = True


def main(data_dir):
    folder = os.path.join(data_dir, "r37b_package_by_name")
    os.makedirs(folder, exist_ok=True)
    serialized = parallel_read(write_shards(folder, shards=4, per_shard=3), SHUFFLE, num_readers=3)
    parsed = tf.parse_single_example(serialized, {"id": tf.FixedLenFeature([], tf.int64)})
    ids = tf.train.batch([parsed["id"] * 2], batch_size=4)
    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                batches.append([sess.run(ids).tolist()])
        except tf.errors.OutOfRangeError:
            pass
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": "OutOfRangeError"}
