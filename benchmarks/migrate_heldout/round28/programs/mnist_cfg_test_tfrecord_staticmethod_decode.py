import os
from collections import namedtuple

import numpy as np
import tensorflow.compat.v1 as tf

from mnist28_lib import inputs
from mnist28_lib.datasets import MNist

Config = namedtuple('Config', 'epochs batch_size capacity min_after_dequeue num_threads')


def evaluate(images, labels):
    with tf.variable_scope('softmax_linear'):
        w = tf.get_variable('weights', [16, 10], initializer=tf.constant_initializer(0.1))
        logits = tf.matmul(images, w)
    correct = tf.nn.in_top_k(logits, labels, 1)
    return tf.reduce_sum(tf.cast(correct, tf.int32)), tf.reduce_sum(logits, axis=1)


def main(data_dir):
    out_dir = os.path.join(data_dir, 'h28_mnist_cfg_test_tfrecord_staticmethod_decode')
    test_file = MNist.fake_split(out_dir, 'test', n=10, offset=3)
    cfg = Config(epochs=1, batch_size=4, capacity=40, min_after_dequeue=10, num_threads=1)
    images, labels = inputs.test_tfrecord(test_file, cfg)
    n_correct, scores = evaluate(images, labels)

    init_op = tf.group(tf.global_variables_initializer(), tf.local_variables_initializer())
    results = []
    sess = tf.Session()
    sess.run(init_op)
    coord = tf.train.Coordinator()
    threads = tf.train.start_queue_runners(sess=sess, coord=coord)
    try:
        step = 0
        while not coord.should_stop():
            lab, c, s = sess.run([labels, n_correct, scores])
            results.append({'labels': lab.tolist(), 'correct': int(c), 'scores': np.round(s, 3).tolist()})
            step += 1
    except tf.errors.OutOfRangeError:
        print('Done testing for %d epochs, %d steps.' % (cfg.epochs, step))
    finally:
        coord.request_stop()
    coord.join(threads)
    sess.close()
    return {'batches': results, 'end': 'done %d steps' % step}
