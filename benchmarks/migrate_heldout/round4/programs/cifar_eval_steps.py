"""CIFAR-10 eval shape: `cifar_input.inputs(eval_data=True, ...)` from another module, a fixed number of steps."""

import os as _os
import sys as _sys

_sys.path.insert(0, _os.path.dirname(_os.path.abspath(__file__)))

import math

import tensorflow.compat.v1 as tf

from cifar_lib import cifar_input

BATCH_SIZE = 5
NUM_EXAMPLES = 30


def main(data_dir):
    values, labels = cifar_input.inputs(eval_data=True, data_dir=data_dir, batch_size=BATCH_SIZE)
    batches = []
    with tf.Session() as sess:
        coord = tf.train.Coordinator()
        try:
            threads = []
            for qr in tf.get_collection(tf.GraphKeys.QUEUE_RUNNERS):
                threads.extend(qr.create_threads(sess, coord=coord, daemon=True, start=True))
            num_iter = int(math.ceil(NUM_EXAMPLES / BATCH_SIZE))
            step = 0
            while step < num_iter and not coord.should_stop():
                v, l = sess.run([values, labels])
                batches.append([v.tolist(), l.tolist()])
                step += 1
        except Exception as e:  # pylint: disable=broad-except
            coord.request_stop(e)
        coord.request_stop()
        coord.join(threads, stop_grace_period_secs=10)
    return {"batches": batches, "end": "steps"}
