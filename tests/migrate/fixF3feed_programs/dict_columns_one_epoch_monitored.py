"""Kettle whistle readings through a dict input function (columns keyed by name, a target column), one epoch
unshuffled, read in a MonitoredSession until it stops: 4, 4 and a short 2."""
import numpy as np
import tensorflow.compat.v1 as tf

from feedq import inputs


def main(data_dir):
    rng = np.random.RandomState(3)
    x = {'pitch': rng.uniform(size=(10, 2)).astype(np.float32), 'bursts': np.arange(10, dtype=np.int32)}
    y = (np.arange(10) % 3).astype(np.int64)
    features, target = inputs.dict_input_fn(x, y, batch_size=4, epochs=1, shuffle=False)()
    batches = []
    with tf.train.MonitoredSession() as sess:
        while not sess.should_stop():
            p, b, t = sess.run([features['pitch'], features['bursts'], target])
            batches.append([np.round(p, 4).tolist(), b.tolist(), t.tolist()])
    return {'batches': batches, 'end': 'rows: %d' % sum(len(b[1]) for b in batches)}
