"""Emu-egg incubator logs (egg id, temperature / humidity / turning rate, hatch flag) through a tensorpack-style
`QueueInput`: a `DataFlow`, an `EnqueueThread(ShareSessionThread)` that feeds the placeholders and closes the
queue when the flow ends, and a trainer loop that runs the dequeued tensors until `OutOfRangeError` (package
`emu77`). The trainer loop (`with sess.as_default(): input.thread.start()`, `while True: sess.run(...)`) is the
writer's, after tensorpack's `SimpleTrainer`."""
import os

import numpy as np
import tensorflow.compat.v1 as tf

from emu77.dataflow import CSVRows
from emu77.input_source import QueueInput


def write_logs(path):
    rng = np.random.RandomState(7713)
    with open(path, 'w') as f:
        for i in range(8):
            f.write('egg%02d,%.1f,%.1f,%.1f,%d\n' % (i, rng.uniform(35.5, 36.5), rng.uniform(20, 40),
                                                     rng.uniform(2, 6), rng.randint(0, 2)))


def main(data_dir):
    folder = os.path.join(data_dir, 'h77_emu')
    os.makedirs(folder, exist_ok=True)
    path = os.path.join(folder, 'incubator.csv')
    write_logs(path)

    placehdrs = [tf.placeholder(tf.string, [], name='egg'),
                 tf.placeholder(tf.float32, [3], name='climate'),
                 tf.placeholder(tf.int32, [], name='hatched')]
    ds = CSVRows(path)
    input = QueueInput(ds)
    input.setup(placehdrs)
    egg, climate, hatched = input.get_input_tensors()

    batches = []
    sess = tf.Session()
    with sess.as_default():
        input.thread.start()
        try:
            while True:
                e, c, h = sess.run([egg, climate, hatched])
                batches.append([e.decode(), np.round(c, 1).tolist(), int(h)])
        except tf.errors.OutOfRangeError:
            pass
    input.thread.join()
    sess.close()
    return {'batches': batches, 'end': 'eggs: %d' % len(batches)}
