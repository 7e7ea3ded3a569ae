"""A pool object kept in a name and read afterwards (``gang = Cls(...)``, then ``gang.pull(fq)``) is not written
out: left, as it was."""
import os

import tensorflow.compat.v1 as tf

from gang_lib import gang, shards


def main(data_dir):
    files = shards.write(os.path.join(data_dir, "pool_kept"))
    names = tf.train.string_input_producer(files, num_epochs=1, shuffle=False)
    common = tf.FIFOQueue(8, [tf.string, tf.string])
    readers = gang.ReaderGang(tf.TFRecordReader, common, count=1)
    _, record = readers.pull(names)
    parsed = tf.parse_single_example(record, {"idx": tf.FixedLenFeature([], tf.int64)})
    idxs = tf.train.batch([parsed["idx"]], batch_size=5)
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
