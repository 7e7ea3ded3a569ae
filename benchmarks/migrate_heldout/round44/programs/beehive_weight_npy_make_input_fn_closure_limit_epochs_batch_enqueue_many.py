import os

import numpy as np
import tensorflow as tf


def make_input_fn(npy_uri):
    def input_fn():
        with tf.compat.v1.gfile.Open(npy_uri, 'rb') as f:
            features = np.load(f)

        features = tf.convert_to_tensor(features, dtype=tf.float32)
        features = tf.compat.v1.train.limit_epochs(features, num_epochs=1)

        return features

    return input_fn


def write_weights(folder):
    # hive id, evening weight (kg), nectar flow (kg/day)
    rng = np.random.RandomState(44)
    rows = np.stack([np.arange(10, dtype=np.float64) + 1,
                     np.round(rng.uniform(28, 52, size=10), 2),
                     np.round(rng.uniform(-0.5, 2.5, size=10), 2)], axis=1)
    path = os.path.join(folder, "hive_weights.npy")
    np.save(path, rows.astype(np.float32))
    return path


def main(data_dir):
    folder = os.path.join(data_dir, "h44_hive_weights")
    if not os.path.isdir(folder):
        os.makedirs(folder)
    input_fn = make_input_fn(write_weights(folder))
    features = input_fn()
    batch = tf.compat.v1.train.batch([features], batch_size=4, enqueue_many=True,
                                     allow_smaller_final_batch=True)
    gain = tf.reduce_sum(batch[:, 2])

    batches = []
    with tf.compat.v1.Session() as sess:
        sess.run([tf.compat.v1.global_variables_initializer(),
                  tf.compat.v1.local_variables_initializer()])
        coord = tf.compat.v1.train.Coordinator()
        threads = tf.compat.v1.train.start_queue_runners(sess=sess, coord=coord)
        total = 0.0
        try:
            while True:
                rows, g = sess.run([batch, gain])
                total += float(g)
                batches.append([np.round(rows.astype(np.float64), 2).tolist()])
        except tf.errors.OutOfRangeError:
            pass
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": batches, "end": "hives: %d, total gain %.2f" % (sum(len(b[0]) for b in batches), total)}
