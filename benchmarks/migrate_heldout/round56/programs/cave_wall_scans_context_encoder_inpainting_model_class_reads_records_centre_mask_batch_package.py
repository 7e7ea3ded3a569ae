"""Inpainting cave-wall depth scans (speleology survey) with a context encoder.

`cave56_lib/` splits the code as the inpainting repositories did: `config.py` constants (pulled in
with `from cave56_lib.config import *`), `ops.py`, `networks.py` (generator / discriminator classes with a
`var` property) and `model.py`, whose `ContextEncoder` reads its own scans from a TFRecord queue,
cuts the centre patch out as the target and masks it in the input.
"""
import os

import numpy as np
import tensorflow.compat.v1 as tf

from cave56_lib.model import ContextEncoder
from cave56_lib import config

NAME = 'h56_cave_wall_scans_context_encoder_inpainting_model_class_reads_records_centre_mask_batch_package'


def write_scans(path):
    rng = np.random.RandomState(5611)
    with tf.python_io.TFRecordWriter(path) as writer:
        for i in range(9):
            depth = np.round(rng.uniform(0.0, 2.5, size=(config.IMG_H, config.IMG_W, config.IMG_C)), 2)
            example = tf.train.Example(features=tf.train.Features(feature={
                'scan_raw': tf.train.Feature(bytes_list=tf.train.BytesList(
                    value=[depth.astype(np.float32).tobytes()])),
                'scan_id': tf.train.Feature(bytes_list=tf.train.BytesList(
                    value=[('passage%d-station%02d' % (i // 3, i)).encode()])),
            }))
            writer.write(example.SerializeToString())


def main(data_dir):
    root = os.path.join(data_dir, NAME)
    if not os.path.exists(root):
        os.makedirs(root)
    path = os.path.join(root, 'wall_scans.tfrecord')
    write_scans(path)
    CE = ContextEncoder(path)
    batches, steps = CE.train()
    return {"batches": batches, "end": "scans: %d, steps: %d" % (sum(len(b[2]) for b in batches), steps)}
