"""The library's parallel readers called through their module, ``shuffle=False`` with one reader: the FIFOQueue's
arm, the records in file order (compared in order)."""
import os

import tensorflow.compat.v1 as tf

from r37b_lib import readers


def main(data_dir):
    folder = os.path.join(data_dir, "r37b_package_in_order")
    os.makedirs(folder, exist_ok=True)
    serialized = readers.parallel_read(readers.write_shards(folder), shuffle=False, num_readers=1)
    parsed = tf.parse_single_example(serialized, {"id": tf.FixedLenFeature([], tf.int64),
                                                  "name": tf.FixedLenFeature([], tf.string)})
    ids, names = tf.train.batch([parsed["id"], parsed["name"]], batch_size=3)
    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                i, n = sess.run([ids, names])
                batches.append([i.tolist(), [x.decode() for x in n]])
        except tf.errors.OutOfRangeError:
            pass
        finally:
            coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": "records: %d" % sum(len(b[0]) for b in batches)}
