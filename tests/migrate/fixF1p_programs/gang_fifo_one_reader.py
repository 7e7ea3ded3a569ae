"""A gang of one reader (another module's helper), not mixed: batches in the order legacy gave."""
import os

import tensorflow.compat.v1 as tf

from gang_lib import gang, shards

FEATURES = {"weight": tf.FixedLenFeature([], tf.float32), "idx": tf.FixedLenFeature([], tf.int64)}


def main(data_dir):
    files = shards.write(os.path.join(data_dir, "gang_fifo"))
    _, record = gang.gang_read(files, tf.TFRecordReader, epochs=1, count=1)
    parsed = tf.parse_single_example(record, FEATURES)
    weights, idxs = tf.train.batch([parsed["weight"] + 1.0, parsed["idx"]], batch_size=3)
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
