"""Beehive hum windows (label, five amplitude samples per CSV line) read by a student's cifar10_input-style
`hap_input` module: `read_hapdata` fills an inner `HAPExample` class, `inputs(eval_data, data_dir, batch_size)`,
an eval loop over `num_iter` steps."""
import math
import os

import numpy as np
import tensorflow.compat.v1 as tf

from beehive75 import hap_input

BATCH_SIZE = 4


def write_hapdata(data_dir):
    rng = np.random.RandomState(21)
    for name, n in (('hap_train_0.csv', 4), ('hap_train_1.csv', 4), ('hap_eval.csv', 4)):
        with open(os.path.join(data_dir, name), 'w') as f:
            for _ in range(n):
                f.write(','.join([str(rng.randint(0, hap_input.NUM_CLASSES))] +
                                 ['%.1f' % v for v in rng.uniform(-5, 5, hap_input.NUM_REC_PER_WINDOW)]) + '\n')


def evaluate(data_dir, eval_data):
    windows, labels = hap_input.inputs(eval_data=eval_data, data_dir=data_dir, batch_size=BATCH_SIZE)
    out = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        try:
            threads = []
            for qr in tf.get_collection(tf.GraphKeys.QUEUE_RUNNERS):
                threads.extend(qr.create_threads(sess, coord=coord, daemon=True, start=True))
            num_examples = (hap_input.NUM_EXAMPLES_PER_EPOCH_FOR_EVAL if eval_data
                            else hap_input.NUM_EXAMPLES_PER_EPOCH_FOR_TRAIN)
            num_iter = int(math.ceil(num_examples / BATCH_SIZE))
            step = 0
            while step < num_iter and not coord.should_stop():
                w, l = sess.run([windows, labels])
                out.append([np.round(w[:, :, 0, 0], 2).tolist(), l.tolist()])
                step += 1
        except Exception as e:  # pylint: disable=broad-except
            coord.request_stop(e)
        coord.request_stop()
        coord.join(threads, stop_grace_period_secs=10)
    return out


def main(data_dir):
    hap_dir = os.path.join(data_dir, 'h75_beehive')
    os.makedirs(hap_dir, exist_ok=True)
    write_hapdata(hap_dir)
    batches = evaluate(hap_dir, eval_data=False)
    return {"batches": batches, "end": "windows: %d" % (BATCH_SIZE * len(batches))}
