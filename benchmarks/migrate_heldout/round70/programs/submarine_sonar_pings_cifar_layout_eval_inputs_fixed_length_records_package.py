"""Submarine sonar pings in a cifar10_input layout: a local record class, FixedLengthRecordReader with a label byte
and float32 echoes cut by substr, `inputs(eval_data=True, ...)` evaluated for ceil(num_examples / batch_size) steps
from an unlimited producer -- package."""
import math
import os

import numpy as np
import tensorflow.compat.v1 as tf

from sonar_input import sonar_input

FLAGS_batch_size = 3


def _write(out):
    rng = np.random.RandomState(44)
    with open(os.path.join(out, 'test_batch.bin'), 'wb') as f:
        for i in range(sonar_input.NUM_EXAMPLES_PER_EPOCH_FOR_EVAL):
            f.write(bytes([i % sonar_input.NUM_CLASSES]))
            f.write((rng.rand(sonar_input.PING_LEN) * 10 + 1).astype(np.float32).tobytes())


def evaluate(data_dir):
    echoes, labels = sonar_input.inputs(eval_data=True, data_dir=data_dir, batch_size=FLAGS_batch_size)
    energy = tf.reduce_sum(echoes[:, :2], axis=1)
    peak = tf.argmax(echoes, axis=1)
    out = []
    with tf.Session() as sess:
        coord = tf.train.Coordinator()
        try:
            threads = []
            for qr in tf.get_collection(tf.GraphKeys.QUEUE_RUNNERS):
                threads.extend(qr.create_threads(sess, coord=coord, daemon=True, start=True))
            num_iter = int(math.ceil(sonar_input.NUM_EXAMPLES_PER_EPOCH_FOR_EVAL / FLAGS_batch_size))
            step = 0
            while step < num_iter and not coord.should_stop():
                e, p, l = sess.run([energy, peak, labels])
                out.append([l.tolist(), p.tolist(), np.round(e, 3).tolist()])
                step += 1
        except Exception as e:  # pylint: disable=broad-except
            coord.request_stop(e)
        coord.request_stop()
        coord.join(threads, stop_grace_period_secs=10)
    return out


def main(data_dir):
    out = os.path.join(data_dir, 'h70_submarine')
    os.makedirs(out, exist_ok=True)
    _write(out)
    batches = evaluate(out)
    return {"batches": batches, "end": "pings: %d" % sum(len(b[0]) for b in batches)}
