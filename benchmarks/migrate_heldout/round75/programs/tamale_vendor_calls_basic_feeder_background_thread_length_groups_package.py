"""Tamale vendor street calls (text and mel frames) for a company TTS front end: `data_feeder.py` with a
`BasicFeeder(data_dir, hparams, coord)` whose background thread reads `metadata.csv`, groups
`_batches_per_group` batches, sorts by input length, pads with `_pad` and feeds one `FIFOQueue`."""
import os

import numpy as np
import tensorflow.compat.v1 as tf

from tamale75.data_feeder import BasicFeeder

hparams = {'batch_size': 2, 'num_mels': 2}

CALLS = ['tamales', 'hot tamales here', 'pork', 'chicken verde', 'sweet corn', 'two for one',
         'fresh today', 'rajas']


def main(data_dir):
    root = os.path.join(data_dir, 'h75_tamale')
    os.makedirs(root, exist_ok=True)
    rng = np.random.RandomState(2)
    with open(os.path.join(root, 'metadata.csv'), 'w') as f:
        for i, text in enumerate(CALLS):
            name = 'mel-%03d.npy' % i
            np.save(os.path.join(root, name), np.round(rng.uniform(0, 1, (rng.randint(2, 5), 2)), 2).astype(np.float32))
            f.write('%s|%s\n' % (name, text))

    coord = tf.train.Coordinator()
    feeder = BasicFeeder(root, hparams, coord)
    batches = []
    with tf.Session() as sess:
        feeder.start_in_session(sess)
        try:
            while not coord.should_stop():
                x, l, m = sess.run([feeder.inputs, feeder.input_lengths, feeder.mel_targets])
                batches.append([x.tolist(), l.tolist(), np.round(m, 2).tolist()])
        except tf.errors.OutOfRangeError:
            pass
    return {"batches": batches, "end": "calls: %d" % (hparams['batch_size'] * len(batches))}
