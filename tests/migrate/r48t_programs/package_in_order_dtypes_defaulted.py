"""The package's slim-style reader, ``shuffle=False`` and one reader (the FIFOQueue's arm, file order), its dtypes
defaulted; the key dropped, the value parsed and batched."""
import os

import tensorflow.compat.v1 as tf

from r48t_lib import parallel_reader

FEATURES = {"sale/id": tf.FixedLenFeature([], tf.int64), "sale/show": tf.FixedLenFeature([], tf.string)}


def main(data_dir):
    folder = os.path.join(data_dir, "r48t_in_order")
    os.makedirs(folder, exist_ok=True)
    _, data = parallel_reader.parallel_read(parallel_reader.write_shards(folder), num_epochs=1, num_readers=1,
                                            shuffle=False, capacity=20, min_after_dequeue=10)
    example = tf.parse_single_example(data, FEATURES)
    ids, shows = tf.train.batch([example["sale/id"], example["sale/show"]], batch_size=4)
    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            for _ in range(3):
                i, s = sess.run([ids, shows])
                batches.append([i.tolist(), [x.decode() for x in s]])
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": batches, "end": "3 batches"}
