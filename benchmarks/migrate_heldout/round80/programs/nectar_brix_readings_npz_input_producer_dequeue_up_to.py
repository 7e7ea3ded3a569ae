"""Nectar sugar readings (Brix, temperature, flower id) from an ``.npz`` as one constant matrix, its rows served
by an unshuffled one-epoch ``tf.train.input_producer`` whose queue is drained directly with ``dequeue_up_to(4)`` (no
batching op), so the last batch is short. Written from knowledge of the student habit of taking a producer's queue
as the batch source (no file found for it in this session)."""
import os

import numpy as np
import tensorflow.compat.v1 as tf


def main(data_dir):
    folder = os.path.join(data_dir, 'h80_nectar')
    os.makedirs(folder, exist_ok=True)
    path = os.path.join(folder, 'nectar.npz')
    rng = np.random.RandomState(10)
    np.savez(path, readings=np.round(np.stack([rng.uniform(10, 40, 10), rng.uniform(12, 30, 10),
                                               np.arange(10)], axis=1), 2).astype(np.float32))

    data = np.load(path)['readings']
    queue = tf.train.input_producer(tf.constant(data), num_epochs=1, shuffle=False, capacity=16)
    rows = queue.dequeue_up_to(4)

    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                r = sess.run(rows)
                batches.append([np.round(r[:, :2], 2).tolist(), r[:, 2].astype(int).tolist()])
        except tf.errors.OutOfRangeError:
            pass
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": "readings: %d" % sum(len(b[1]) for b in batches)}
