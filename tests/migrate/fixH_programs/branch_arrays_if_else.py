"""A cifar-like data module over whole numpy arrays: `inputs(eval_data, ...)` binds `data, labels` in each arm of an
`if` (test or train arrays), then `batch(enqueue_many=True)` (one thread: in order, wrapping) and a reshape; two
callers (eval and train), fixed steps; `import tensorflow as tf` with `tf1 = tf.compat.v1`."""
import os

import numpy as np
import tensorflow as tf

tf1 = tf.compat.v1


def load_arrays(data_dir):
    d = np.load(os.path.join(data_dir, 'coats.npz'))
    return d['train_x'], d['train_y'], d['test_x'], d['test_y']


def inputs(eval_data, data_dir, batch_size):
    train_x, train_y, test_x, test_y = load_arrays(data_dir)
    if eval_data:
        data, labels = test_x, np.asarray(test_y, dtype=np.int32)
    else:
        data, labels = train_x, np.asarray(train_y, dtype=np.int32)
    xs, ys = tf1.train.batch([data, labels], batch_size=batch_size, num_threads=1, capacity=20 + 3 * batch_size,
                             enqueue_many=True)
    return tf.reshape(xs, [batch_size, 3, 2]), tf.reshape(ys, [batch_size])


def read(x, y, steps):
    out = []
    with tf1.Session() as sess:
        coord = tf1.train.Coordinator()
        threads = tf1.train.start_queue_runners(sess=sess, coord=coord)
        for _ in range(steps):
            a, b = sess.run([x, y])
            out.append([a.astype(np.float64).round(2).tolist(), b.tolist()])
        coord.request_stop()
        coord.join(threads, stop_grace_period_secs=5)
    return out


def main(data_dir):
    out = os.path.join(data_dir, 'fixH_coats')
    os.makedirs(out, exist_ok=True)
    rng = np.random.RandomState(7)
    np.savez(os.path.join(out, 'coats.npz'), train_x=rng.uniform(0, 9, size=(12, 6)).astype(np.float32),
             train_y=np.arange(12) % 2, test_x=rng.uniform(0, 9, size=(10, 6)).astype(np.float32),
             test_y=np.arange(10) % 3)
    with tf.Graph().as_default():
        x, y = inputs(eval_data=True, data_dir=out, batch_size=4)
        batches = read(x, y, 4)
    with tf.Graph().as_default():
        x, y = inputs(False, out, 3)
        batches += read(x, y, 5)
    return {"batches": batches, "end": "steps: %d" % len(batches)}
