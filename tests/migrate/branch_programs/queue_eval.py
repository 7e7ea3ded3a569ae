"""ResNet's eval input from another module (the ``FIFOQueue`` branch): batches in order, one-hot labels."""

import os

import numpy as np
import tensorflow.compat.v1 as tf

from bf_lib import records

MODE = 'eval'


def main(data_dir):
    images, labels = records.build_input([os.path.join(data_dir, 'fixed-%d.bin' % i) for i in range(3)], 4, MODE)
    batches, end = [], None
    sess = tf.Session()
    sess.run(tf.local_variables_initializer())
    tf.train.start_queue_runners(sess)
    try:
        for _ in range(20):
            x, y = sess.run([images, labels])
            batches.append([x.tolist(), np.argmax(y, axis=1).tolist()])
    except tf.errors.OutOfRangeError:
        end = 'OutOfRangeError'
    sess.close()
    return {'batches': batches, 'end': end}
