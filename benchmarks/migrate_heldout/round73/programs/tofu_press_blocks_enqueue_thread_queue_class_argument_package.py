"""Tofu press blocks: a framework `EnqueueThread(inputs, capacity, queue_class)` thread subclass (queue made
from the class it is handed, `prepare(sess, sample_fn)`, one-row enqueues, `dequeue_many`) drained to the end."""
import os

import numpy as np
import tensorflow.compat.v1 as tf

from tofu73.enqueue import EnqueueThread


def main(data_dir):
    folder = os.path.join(data_dir, 'h73_tofu')
    os.makedirs(folder, exist_ok=True)
    path = os.path.join(folder, 'blocks.csv')
    with open(path, 'w') as f:
        for i in range(8):
            f.write('%d,%.1f,%.1f\n' % (i, 10 + i * 0.5, 3 + (i % 3) * 0.5))

    def sample_fn():
        with open(path) as f:
            for line in f:
                idx, weight, height = line.strip().split(',')
                yield int(idx), np.array([float(weight), float(height)], dtype=np.float32)

    block_id = tf.placeholder(tf.int32, shape=[], name='block_id')
    dims = tf.placeholder(tf.float32, shape=[2], name='dims')
    thread = EnqueueThread([block_id, dims], capacity=4, queue_class=tf.FIFOQueue)
    ids, dim_batch = thread.dequeue(2)
    batches = []
    with tf.Session() as sess:
        thread.prepare(sess, sample_fn)
        thread.start()
        while True:
            try:
                i, d = sess.run([ids, dim_batch])
            except tf.errors.OutOfRangeError:
                break
            batches.append([i.tolist(), np.round(d.astype(np.float64), 2).tolist()])
        thread.should_stop = True
        thread.join()
    return {"batches": batches, "end": "blocks: %d" % sum(len(b[0]) for b in batches)}
