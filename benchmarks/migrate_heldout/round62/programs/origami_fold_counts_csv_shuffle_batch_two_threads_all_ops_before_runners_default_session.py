"""Origami models and their fold counts, shuffled into batches of four by two threads.

From tensorflow/tensorflow issue #945 ("Ops added after calling start_queue_runners() are
broken"): the asker made `c = a + 1` after starting the runners inside `with tf.Session():` and
evaluated with .eval().  The fix builds every op (here the normalised folds and the difficulty
flag) before the runners start; the tensors are fetched together through the default session so
one dequeue serves them all.
"""
import os

import numpy as np
import tensorflow.compat.v1 as tf


def main(data_dir):
    folder = os.path.join(data_dir, "h62_origami_folds")
    os.makedirs(folder, exist_ok=True)
    rng = np.random.RandomState(945)
    path = os.path.join(folder, "models.csv")
    with open(path, "w") as f:
        for i in range(12):
            f.write("model_%02d,%d,%d\n" % (i, rng.randint(5, 120), rng.randint(1, 4)))

    filename_queue = tf.train.string_input_producer([path], num_epochs=1, shuffle=False)
    _, line = tf.TextLineReader().read(filename_queue)
    name, folds, paper = tf.decode_csv(line, [["?"], [0], [0]])
    names, fold_b, paper_b = tf.train.shuffle_batch([name, folds, paper], batch_size=4, capacity=20,
                                                    min_after_dequeue=4, num_threads=2, seed=945)
    # built before start_queue_runners (the fix)
    norm = tf.cast(fold_b, tf.float32) / 120.0
    hard = tf.greater(fold_b, 60)

    out = []
    with tf.Session():
        sess = tf.get_default_session()
        tf.local_variables_initializer().run()
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(coord=coord)
        try:
            while True:
                n, f, p, z, h = sess.run([names, fold_b, paper_b, norm, hard])
                out.append([[x.decode() for x in n], f.tolist(), p.tolist(),
                            np.round(z, 4).tolist(), h.tolist()])
        except tf.errors.OutOfRangeError:
            pass
        coord.request_stop()
        coord.join(threads)
    return {"batches": out, "end": "models: %d" % sum(len(b[0]) for b in out)}
