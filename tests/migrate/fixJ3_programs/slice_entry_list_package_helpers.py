"""An entry list parsed in Python (its length known only at run time), sliced, read by index into a py_func,
batched by a helper of another module choosing batch / shuffle_batch."""
import os

import numpy as np
import tensorflow.compat.v1 as tf

from fj3_lib import loaders


def write_entries(folder):
    os.makedirs(folder, exist_ok=True)
    lines = []
    for i in range(3):
        path = os.path.join(folder, 'clip_%d.npy' % i)
        np.save(path, np.arange(10, dtype=np.float32) + 10 * i)
        for start in (0, 4):
            lines.append('%s %d %d\n' % (path, start, (i + start) % 3))
    entry = os.path.join(folder, 'entries.txt')
    with open(entry, 'w') as f:
        f.writelines(lines)
    return entry


def main(data_dir):
    entry = write_entries(os.path.join(data_dir, 'fj3_slice_pkg'))
    clips, labels = loaders.load(entry, 3, False, 2)
    batches, end = [], "none"
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                c, l = sess.run([clips, labels])
                batches.append([c.tolist(), l.tolist()])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": end}
