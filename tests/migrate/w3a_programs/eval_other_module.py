"""ResNet's eval input from a package module, the mode a class attribute (the ``FIFOQueue`` branch)."""

import os

import numpy as np
import tensorflow.compat.v1 as tf

from w3a_lib import inputs


class FLAGS(object):
    dataset = 'wide'
    mode = 'eval'


def main(data_dir):
    paths = [os.path.join(data_dir, 'w3a-eval-%d.bin' % i) for i in range(2)]
    for p in paths:
        inputs.write_records(p, 6, label_bytes=2)
    images, labels = inputs.build_input(FLAGS.dataset, paths, 4, FLAGS.mode)
    batches, end = [], None
    sess = tf.Session()
    sess.run(tf.local_variables_initializer())
    coord = tf.train.Coordinator()
    threads = tf.train.start_queue_runners(sess, coord=coord)
    try:
        for _ in range(10):
            x, y = sess.run([images, labels])
            batches.append([x.tolist(), np.argmax(y, axis=1).tolist()])
    except tf.errors.OutOfRangeError:
        end = 'OutOfRangeError'
    coord.request_stop()
    coord.join(threads)
    sess.close()
    return {'batches': batches, 'end': end}
