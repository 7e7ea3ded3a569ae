"""One shuffle stage with ``**kwargs`` handed on to its queue, called by two pipelines with different capacities."""
import os

import numpy as np
import tensorflow as tf

tf1 = tf.compat.v1


def mix(tensors, threads=1, **kwargs):
    queue = tf1.RandomShuffleQueue(dtypes=[t.dtype for t in tensors], **kwargs)
    op = queue.enqueue(tensors)
    tf1.train.add_queue_runner(tf1.train.QueueRunner(queue, [op] * threads))
    out = queue.dequeue()
    for t, o in zip(tensors, out):
        o.set_shape(t.get_shape())
    return out


def read(path, capacity, seed):
    values = np.load(path)
    x, y = tf1.train.slice_input_producer([values[:, 0], values[:, 1]], num_epochs=1, shuffle=False)
    x, y = mix([x, y], threads=2, capacity=capacity, min_after_dequeue=2, seed=seed)
    return tf1.train.batch([x, y], batch_size=3)


def main(data_dir):
    path = os.path.join(data_dir, "r37k_pairs.npy")
    np.save(path, np.stack([np.arange(9), np.arange(9) * 7], axis=1).astype(np.int64))
    first = read(path, 10, 1)
    path2 = os.path.join(data_dir, "r37k_pairs2.npy")
    np.save(path2, np.stack([np.arange(6) + 50, np.arange(6) * 3], axis=1).astype(np.int64))
    values = np.load(path2)
    a, b = tf1.train.slice_input_producer([values[:, 0], values[:, 1]], num_epochs=1, shuffle=False)
    a, b = mix([a, b], capacity=20, min_after_dequeue=1, seed=2)
    second = tf1.train.batch([a, b], batch_size=3)
    out = []
    with tf1.Session() as sess:
        sess.run(tf1.local_variables_initializer())
        coord = tf1.train.Coordinator()
        threads = tf1.train.start_queue_runners(sess=sess, coord=coord)
        for _ in range(2):
            out.append([x.tolist() for x in sess.run(second)])
        try:
            while True:
                out.append([x.tolist() for x in sess.run(first)])
        except tf.errors.OutOfRangeError:
            pass
        coord.request_stop()
        coord.join(threads)
    return {"batches": out, "end": "pairs: %d" % sum(len(b[0]) for b in out)}
