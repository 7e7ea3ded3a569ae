"""Speech enhancement (SEGAN's shape): clean / noisy int32 waveforms in one TFRecord, `read_and_decode` in a
package module with scaling and pre-emphasis (`pre_emph`: `concat` of the first sample and a first difference),
`shuffle_batch` (2 threads, `min_after_dequeue=1000`) built by a model class that keeps `self.sess` and builds one
tower per device under `variable_scope` / `device` / `name_scope`; `train()` counts the records with
`tf_record_iterator`, starts the runners with only a coordinator (inside `with tf.Session() as sess`) and stops at
the epoch limit; settings from `argparse`."""

import argparse
import os

import numpy as np
import tensorflow.compat.v1 as tf

from segan_lib.model import SEGAN

CANVAS = 8


def write_pairs(path, count=12):
    with tf.python_io.TFRecordWriter(path) as writer:
        for n in range(count):
            clean = np.array([int(32767 + 20000 * np.sin(0.4 * (n + 1) * t)) for t in range(CANVAS)], dtype=np.int32)
            noisy = clean + np.array([(n * 131 + t * 977) % 2001 - 1000 for t in range(CANVAS)], dtype=np.int32)
            example = tf.train.Example(features=tf.train.Features(feature={
                'wav_raw': tf.train.Feature(bytes_list=tf.train.BytesList(value=[clean.tobytes()])),
                'noisy_raw': tf.train.Feature(bytes_list=tf.train.BytesList(value=[noisy.tobytes()])),
            }))
            writer.write(example.SerializeToString())


def parse_args(out):
    parser = argparse.ArgumentParser(description='Train the SEGAN')
    parser.add_argument('--epoch', type=int, default=150)
    parser.add_argument('--batch_size', type=int, default=150)
    parser.add_argument('--save_path', type=str, default='segan_results')
    parser.add_argument('--canvas_size', type=int, default=2 ** 14)
    parser.add_argument('--preemph', type=float, default=0.95)
    parser.add_argument('--e2e_dataset', type=str, default='data/segan.tfrecords')
    return parser.parse_args(['--epoch', '1', '--batch_size', '4', '--canvas_size', str(CANVAS),
                              '--save_path', os.path.join(out, 'results'),
                              '--e2e_dataset', os.path.join(out, 'segan.tfrecords')])


def main(data_dir):
    out = os.path.join(data_dir, 'h22_voicebank_segan_preemph_model_session')
    if not os.path.isdir(out):
        os.makedirs(out)
    args = parse_args(out)
    write_pairs(args.e2e_dataset)

    udevices = ['cpu:0']
    config = tf.ConfigProto(allow_soft_placement=True)
    with tf.Session(config=config) as sess:
        se_model = SEGAN(sess, args, udevices)
        seen, counter = se_model.train(args, udevices)
    batches = [[[[round(v, 6) for v in row] for row in wavs], [[round(v, 6) for v in row] for row in noisy]]
               for wavs, noisy in seen]
    return {'batches': batches, 'end': counter}
