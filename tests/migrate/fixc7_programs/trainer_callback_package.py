"""A trainer of another module whose callback keeps the coordinator on the trainer; two trainers in turn."""
import os

import tensorflow.compat.v1 as tf

from fixc7_lib.callbacks import RunnersCallback, Trainer


def _write(data_dir):
    path = os.path.join(data_dir, 'fixc7_trainer.csv')
    with open(path, 'w') as f:
        for i in range(8):
            f.write('%d,%d\n' % (i, i * i))
    return path


def main(data_dir):
    path = _write(data_dir)
    files = tf.train.string_input_producer([path], shuffle=False)
    _, line = tf.TextLineReader().read(files)
    a, b = tf.decode_csv(line, record_defaults=[[0], [0]])
    xs, ys = tf.train.batch([a, b], batch_size=2, capacity=6)
    first = Trainer([xs, ys], 2, [RunnersCallback()])
    first.train()
    second = Trainer([xs, ys], 2, [RunnersCallback()])
    second.train()
    batches = [[x.tolist(), y.tolist()] for x, y in first.seen + second.seen]
    return {'batches': batches, 'end': 'four batches'}
