# Beatbox takes cleaned of crowd noise (SEGAN), after santi-pdp/segan's `data_loader.py` (several copies found:
# `pre_emph` / `de_emph`, `read_and_decode(filename_queue, canvas_size, preemph=0.)` decoding int32 'wav_raw' /
# 'noisy_raw' scaled to [-1, 1]) and the `SEGAN.build_model_single_gpu` input nodes it feeds (producer and reader
# built on the first device only, a two-thread `shuffle_batch` named 'wav_and_noisy'). Flags become an args object.
import os

import numpy as np
import tensorflow.compat.v1 as tf

from beatbox69_segan.model import SEGAN


class Args(object):
    batch_size = 3
    epoch = 1
    canvas_size = 8
    preemph = 0.95
    e2e_dataset = None


def main(data_dir):
    out = os.path.join(data_dir, 'h69_beatbox')
    os.makedirs(out, exist_ok=True)
    path = os.path.join(out, 'segan.tfrecords')
    rng = np.random.RandomState(69)
    with tf.python_io.TFRecordWriter(path) as w:
        for n in range(12):
            clean = rng.randint(0, 65535, size=8).astype(np.int32)
            noisy = np.clip(clean + rng.randint(-500, 500, size=8), 0, 65535).astype(np.int32)
            w.write(tf.train.Example(features=tf.train.Features(feature={
                'wav_raw': tf.train.Feature(bytes_list=tf.train.BytesList(value=[clean.tobytes()])),
                'noisy_raw': tf.train.Feature(bytes_list=tf.train.BytesList(value=[noisy.tobytes()])),
            })).SerializeToString())

    args = Args()
    args.e2e_dataset = path
    batches = []
    with tf.Session() as sess:
        se_model = SEGAN(sess, args, ['cpu:0'])
        sess.run([tf.global_variables_initializer(), tf.local_variables_initializer()])
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                wav, noisy = sess.run([se_model.gtruth_wavs, se_model.gtruth_noisy])
                batches.append([np.round(wav, 4).tolist(), np.round(noisy - wav, 4).tolist()])
        except tf.errors.OutOfRangeError:
            print('Done training; epoch limit reached.')
        finally:
            coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": "takes: %d" % sum(len(b[0]) for b in batches)}
