"""A script makes a `Shards` object (pv_lib/shards.py) and hands it to the inputs of another module
(pv_lib/inputs.py), once through a wrapper (k readers, shuffled) and once directly (one reader, in order);
both drained to the end of their epoch."""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import tensorflow.compat.v1 as tf

from pv_lib import inputs
from pv_lib.shards import Shards


def _drain(sess, tensors):
    out = []
    try:
        while True:
            x, label = sess.run(tensors)
            out.append([x.tolist(), label.tolist()])
    except tf.errors.OutOfRangeError:
        return out


def main(data_dir):
    train = Shards(data_dir, "train")
    held = Shards(data_dir, "eval")
    train_batch = inputs.train_inputs(train, 16)
    held_batch = inputs.build(held, 8, shuffle=False, readers=1)
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        batches = _drain(sess, train_batch) + _drain(sess, held_batch)
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": "OutOfRangeError"}
