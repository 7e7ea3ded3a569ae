"""Zinnia seed-catalogue click logs (label then four ``field:value`` pairs a line) read by
``zinnia80.inputs.input_fn(filenames, batch_size=3, num_epochs=1, perform_shuffle=False)``: a dict of feature ids and
values plus labels from a one-thread ``train.batch``, run until the epoch ends."""
import os

import numpy as np
import tensorflow.compat.v1 as tf

from zinnia80 import inputs


def _write(path):
    rng = np.random.RandomState(71)
    with open(path, 'w') as f:
        for _ in range(9):
            ids = sorted(rng.choice(30, inputs.FIELD_SIZE, replace=False).tolist())
            pairs = ' '.join('%d:%.3f' % (i, rng.uniform(0, 1)) for i in ids)
            f.write('%d %s\n' % (rng.randint(0, 2), pairs))


def main(data_dir):
    folder = os.path.join(data_dir, 'h80_zinnia')
    os.makedirs(folder, exist_ok=True)
    path = os.path.join(folder, 'tr.libsvm')
    _write(path)
    batch_features, batch_labels = inputs.input_fn([path], batch_size=3, num_epochs=1, perform_shuffle=False)

    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                f, l = sess.run([batch_features, batch_labels])
                batches.append([f['feat_ids'].tolist(), np.round(f['feat_vals'], 3).tolist(), l.tolist()])
        except tf.errors.OutOfRangeError:
            pass
        finally:
            coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": "clicks: %d" % sum(len(b[2]) for b in batches)}
