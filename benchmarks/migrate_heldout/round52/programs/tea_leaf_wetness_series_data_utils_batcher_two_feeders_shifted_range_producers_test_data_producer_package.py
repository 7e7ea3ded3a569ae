import os

import numpy as np
import tensorflow.compat.v1 as tf

from leafwet52_lib.datasets.wetness_reader import wetness_raw_data
from leafwet52_lib.datasets.data_utils import data_feeder, data_batcher

# blister-blight risk model on the estate's leaf-wetness loggers (codes 0-9 per half hour)


def test_data_producer(data, batch_size, num_steps):
    # train_data = valid_data
    batch_len = len(data) // batch_size
    epoch_size = (batch_len - 1) // train_steps

    data = data_batcher(data, batch_size)
    inputs = data_feeder(data, num_steps, name='inputs')
    targets = data_feeder(data, num_steps, shift=1, name='targets')
    return inputs, targets, epoch_size


def _write_logs(path):
    rng = np.random.RandomState(2017)
    if not os.path.isdir(path):
        os.makedirs(path)
    for split, n in (('train', 40), ('valid', 12), ('test', 12)):
        with open(os.path.join(path, 'wetness.%s.txt' % split), 'w') as f:
            codes = np.clip(np.cumsum(rng.randint(-2, 3, size=n)) + 5, 0, 9)
            for k in range(0, n, 8):
                f.write(' '.join(str(c) for c in codes[k:k + 8]) + '\n')


train_steps = 4
batch_size = 3


def main(data_dir):
    logdir = os.path.join(data_dir, 'h52_leaf_wetness')
    _write_logs(logdir)
    train_data, valid_data, test_data, vocab = wetness_raw_data(logdir)

    inputs, targets, epoch_size = test_data_producer(train_data, batch_size, train_steps)
    wet_hours = tf.reduce_sum(tf.cast(tf.greater_equal(inputs, 6), tf.int32), axis=1)

    batches = []
    sv = tf.train.Supervisor(logdir=None, summary_op=None, saver=None)
    with sv.managed_session() as sess:
        for step in range(epoch_size):
            x, y, w = sess.run([inputs, targets, wet_hours])
            batches.append([x.tolist(), y.tolist(), w.tolist()])
    return {"batches": batches, "end": "windows: %d x %d" % (len(batches), batch_size)}
