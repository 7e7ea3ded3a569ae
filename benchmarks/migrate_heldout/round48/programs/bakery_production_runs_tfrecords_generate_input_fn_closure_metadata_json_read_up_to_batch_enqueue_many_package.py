"""Bakery production runs: the estimator-era input_fn closure over a metadata JSON, run by hand."""
from __future__ import absolute_import
from __future__ import print_function
from __future__ import division

import json
import os

import numpy as np
import tensorflow as tf

from bakery48_lib.inputs import generate_input_fn


def write_dataset(out_dir):
    tf.io.gfile.makedirs(out_dir)
    rng = np.random.RandomState(4814)
    metadata = {'max_proof_stages': 3, 'num_ingredients': 4, 'dataset_size': 11}
    with open(os.path.join(out_dir, 'metadata.json'), 'w') as f:
        json.dump(metadata, f)
    path = os.path.join(out_dir, 'runs_train.tfrecords')
    with tf.io.TFRecordWriter(path) as writer:
        for i in range(metadata['dataset_size']):
            proof = np.round(rng.uniform(20.0, 38.0, size=3), 1)
            recipe = rng.randint(0, 1000, size=4)
            ex = tf.train.Example(features=tf.train.Features(feature={
                'proof': tf.train.Feature(float_list=tf.train.FloatList(value=proof.tolist())),
                'recipe': tf.train.Feature(int64_list=tf.train.Int64List(value=recipe.tolist())),
                'loaves': tf.train.Feature(int64_list=tf.train.Int64List(value=[int(40 + rng.randint(0, 80))])),
            }))
            writer.write(ex.SerializeToString())
    return path, os.path.join(out_dir, 'metadata.json')


def main(data_dir):
    train_path, metadata_path = write_dataset(os.path.join(data_dir, 'h48_bakery_runs'))
    with open(metadata_path) as metadata_file:
        metadata = json.load(metadata_file)

    train_input_fn = generate_input_fn(
        filename=train_path,
        metadata=metadata,
        batch_size=4,
        num_epochs=1,
        shuffle=False)
    features, loaves = train_input_fn()

    batches = []
    with tf.compat.v1.train.MonitoredSession() as sess:
        while not sess.should_stop():
            f, l = sess.run([features, loaves])
            batches.append([np.round(f['proof'].astype(np.float64), 2).tolist(), f['recipe'].tolist(), l.tolist()])
    return {'batches': batches, 'end': 'runs: %d of %d' % (sum(len(b[2]) for b in batches), metadata['dataset_size'])}
