import os
import random

import numpy as np
import tensorflow as tf

from frog54_lib.spectrogram_reader import SpectrogramReader

BATCH_SIZE = 4


def main(data_dir):
    out = os.path.join(data_dir, "h54_frog_calls")
    if not os.path.exists(out):
        os.makedirs(out)
    rng = np.random.RandomState(54)
    np.save(os.path.join(out, "paddy_frog_specs.npy"),
            -rng.randint(0, 81, size=(12, 4, 3)).astype(np.float32))
    specs = np.load(os.path.join(out, "paddy_frog_specs.npy"))

    random.seed(54)
    coord = tf.compat.v1.train.Coordinator()
    reader = SpectrogramReader(specs, coord, queue_size=8)
    spec_batch = reader.dequeue(BATCH_SIZE)
    loudness = tf.reduce_mean(spec_batch, axis=[1, 2, 3])

    batches = []
    sess = tf.compat.v1.Session()
    sess.run(tf.compat.v1.global_variables_initializer())
    threads = tf.compat.v1.train.start_queue_runners(sess=sess, coord=coord)
    reader.start_threads(sess)
    try:
        while True:
            s, l = sess.run([spec_batch, loudness])
            batches.append([np.round(s.reshape(BATCH_SIZE, -1).astype(np.float64), 5).tolist(),
                            np.round(l.astype(np.float64), 5).tolist()])
    except tf.errors.OutOfRangeError:
        pass
    coord.request_stop()
    coord.join(threads + reader.threads)
    sess.close()
    return {"batches": batches, "end": "frog calls: %d" % sum(len(b[1]) for b in batches)}
