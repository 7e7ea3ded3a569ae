"""Round 28's MNIST test input: ``Digits.read_and_decode`` a static method of a class of another module, called
through the class by a batch function of a third module, given a namedtuple config."""
import os
from collections import namedtuple

import tensorflow.compat.v1 as tf

from r28h_lib import inputs
from r28h_lib.records import Digits

Config = namedtuple('Config', 'epochs batch_size capacity')


def main(data_dir):
    out_dir = os.path.join(data_dir, 'r28h_static_decode')
    path = Digits.write(out_dir, 'test', n=10, offset=3)
    cfg = Config(epochs=1, batch_size=4, capacity=40)
    images, labels = inputs.test_tfrecord(path, cfg)
    total = tf.reduce_sum(images, axis=1)
    out = []
    sess = tf.Session()
    sess.run(tf.local_variables_initializer())
    coord = tf.train.Coordinator()
    threads = tf.train.start_queue_runners(sess=sess, coord=coord)
    try:
        while not coord.should_stop():
            lab, t = sess.run([labels, total])
            out.append({'labels': lab.tolist(), 'total': [round(float(v), 3) for v in t]})
    except tf.errors.OutOfRangeError:
        pass
    finally:
        coord.request_stop()
    coord.join(threads)
    sess.close()
    return {'batches': out, 'end': 'done'}
