"""A threading.Thread subclass feeding numpy chunks by enqueue_many; the model dequeues batches of 4."""
import os

import numpy as np
import tensorflow.compat.v1 as tf

from feeder29_lib.feeder import DataFeeder, load_rows
from feeder29_lib.model import Model

hparams = {'batch_size': 4, 'scale': 0.5}


def main(data_dir):
    root = os.path.join(data_dir, 'h29_feeder_thread_subclass_enqueue_many_chunks')
    os.makedirs(root, exist_ok=True)
    rng = np.random.RandomState(1729)
    path = os.path.join(root, 'rows.npz')
    np.savez(path, features=rng.randint(0, 10, size=(12, 3)), targets=np.arange(12) % 3)
    features, targets = load_rows(path)

    coord = tf.train.Coordinator()
    feeder = DataFeeder(coord, features, targets)
    inputs, labels = feeder.dequeue(hparams['batch_size'])
    model = Model(hparams)
    model.initialize(inputs, labels)

    batches = []
    with tf.Session() as sess:
        sess.run(tf.global_variables_initializer())
        feeder.start_in_session(sess)
        while not coord.should_stop():
            try:
                x, y, logits = sess.run([model.inputs, model.targets, model.logits])
            except tf.errors.OutOfRangeError:
                end = 'feeder closed the queue'
                coord.request_stop()
                break
            batches.append([x.tolist(), y.tolist(), logits.tolist()])
        coord.join([feeder])
    return {'batches': batches, 'end': end}
