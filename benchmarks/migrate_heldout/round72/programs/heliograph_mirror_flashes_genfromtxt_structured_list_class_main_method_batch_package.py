"""Heliograph mirror flashes: a spatial-transformer research input class whose `main(self, train=True)`
reads a space-separated list with np.genfromtxt (structured dtype) into a slice producer and crops boxes."""
import os

import numpy as np
import tensorflow.compat.v1 as tf

from heliograph72_stn.inputs import CroppedInputs


def write_list(folder):
    rng = np.random.RandomState(9)
    lines = []
    for i in range(6):
        name = 'flash%d.raw' % i
        rng.randint(0, 255, size=36).astype(np.uint8).tofile(os.path.join(folder, name))
        x, y = rng.randint(0, 3, size=2)
        h, w = rng.randint(2, 4, size=2)
        lines.append('%s %d %d %d %d %d %.2f %.2f\n' % (name, i % 3, x, h, y, w,
                                                         rng.uniform(), rng.uniform()))
    with open(os.path.join(folder, 'cropped_with_params.txt'), 'w') as f:
        f.writelines(lines)


def main(data_dir):
    folder = os.path.join(data_dir, 'h72_heliograph')
    os.makedirs(folder, exist_ok=True)
    write_list(folder)

    reader = CroppedInputs(os.path.join(folder, 'cropped_with_params.txt'), folder, batch_size=2)
    images, labels, transforms = reader.main(train=True)
    batches = []
    with tf.Session() as sess:
        sess.run([tf.global_variables_initializer(), tf.local_variables_initializer()])
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                im, lb, tr = sess.run([images, labels, transforms])
                batches.append([np.round(im, 4).tolist(), lb.tolist(), np.round(tr, 2).tolist()])
        except tf.errors.OutOfRangeError:
            pass
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": batches, "end": "flashes: %d" % (2 * len(batches))}
