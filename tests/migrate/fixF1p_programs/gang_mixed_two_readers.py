"""A gang of two readers (another module's helper) over a shuffled file queue into a RandomShuffleQueue: each
record once, in some order."""
import os

import tensorflow.compat.v1 as tf

from gang_lib import gang, shards

FEATURES = {"weight": tf.FixedLenFeature([], tf.float32), "idx": tf.FixedLenFeature([], tf.int64)}


def main(data_dir):
    files = shards.write(os.path.join(data_dir, "gang_mixed"), shards=3, per_shard=4)
    key, record = gang.gang_read(files, tf.TFRecordReader, epochs=1, count=2, mix=True, seed=5)
    parsed = tf.parse_single_example(record, FEATURES)
    weights, idxs = tf.train.batch([parsed["weight"] * 2.0, parsed["idx"]], batch_size=4)
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
