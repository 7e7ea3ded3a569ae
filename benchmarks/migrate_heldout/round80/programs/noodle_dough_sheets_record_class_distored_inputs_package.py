"""Noodle-dough sheet scans (2x3 thickness maps, a grade byte first) read by a cifar10_input-style package:
``noodle80.noodle_input.distored_inputs`` (record class, two-thread ``shuffle_batch``), run to the end of one epoch."""
import os

import numpy as np
import tensorflow.compat.v1 as tf

from noodle80 import noodle_input

BATCH_SIZE = 4


def _write(folder):
    rng = np.random.RandomState(80)
    for n in range(1, 4):
        with open(os.path.join(folder, 'data_batch_%d.bin' % n), 'wb') as f:
            for _ in range(4):
                grade = rng.randint(0, 5)
                sheet = rng.randint(0, 256, size=6)
                f.write(bytes([grade]) + bytes(sheet.astype(np.uint8).tolist()))


def main(data_dir):
    folder = os.path.join(data_dir, 'h80_noodle')
    os.makedirs(folder, exist_ok=True)
    _write(folder)
    images, labels = noodle_input.distored_inputs(folder, BATCH_SIZE)
    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                img, lab = sess.run([images, labels])
                batches.append([np.round(img, 4).tolist(), lab.tolist()])
        except tf.errors.OutOfRangeError:
            pass
        finally:
            coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": "sheets: %d" % sum(len(b[1]) for b in batches)}
