"""13 indexes from a range producer, re-shuffled in chunks of 4 by a helper of another module: legacy never
dequeues the 13th (dequeue_many fails on a short tail), so 12 arrive."""
import os

import numpy as np
import tensorflow.compat.v1 as tf

from r37k_lib.chunks import reshuffle_chunks


def main(data_dir):
    path = os.path.join(data_dir, "r37k_chunk_rows.npy")
    np.save(path, np.arange(13 * 2).reshape(13, 2) + 100)
    table = tf.constant(np.load(path))
    indexes = tf.train.range_input_producer(13, num_epochs=1, shuffle=False)
    i = reshuffle_chunks(indexes, chunk=4, capacity=16, min_after_dequeue=3, seed=5)
    row = tf.gather(table, i)
    batch = tf.train.batch([row[0], row[1], i], batch_size=4)
    out = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                out.append([x.tolist() for x in sess.run(batch)])
        except tf.errors.OutOfRangeError:
            pass
        coord.request_stop()
        coord.join(threads)
    return {"batches": out, "end": "rows: %d" % sum(len(b[0]) for b in out)}
