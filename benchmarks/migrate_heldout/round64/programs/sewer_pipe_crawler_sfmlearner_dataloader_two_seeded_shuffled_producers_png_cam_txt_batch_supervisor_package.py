"""Sewer-pipe crawler robot frames: unsupervised depth and ego-motion training input (SfMLearner layout).

Each sample is a 3-frame strip (source, target, source) saved as one PNG next to a `_cam.txt` holding the
nine intrinsics; `train.txt` lists `subfolder frame_id` lines.
"""
from __future__ import division
import os
import random
import struct
import zlib

import numpy as np
import tensorflow.compat.v1 as tf

from sew64_lib.data_loader import DataLoader


def _write_png(path, arr):
    h, w, c = arr.shape
    raw = b''.join(b'\x00' + arr[y].astype(np.uint8).tobytes() for y in range(h))

    def chunk(tag, data):
        return struct.pack('>I', len(data)) + tag + data + struct.pack('>I', zlib.crc32(tag + data) & 0xffffffff)

    png = b'\x89PNG\r\n\x1a\n' + chunk(b'IHDR', struct.pack('>IIBBBBB', w, h, 8, 2, 0, 0, 0))
    png += chunk(b'IDAT', zlib.compress(raw)) + chunk(b'IEND', b'')
    with open(path, 'wb') as f:
        f.write(png)


def prepare_crawler_runs(root):
    rng = np.random.RandomState(64)
    lines = []
    k = 0
    for run in ['manhole_07', 'manhole_12']:
        os.makedirs(os.path.join(root, run), exist_ok=True)
        for frame in range(4):
            frame_id = '%06d' % frame
            strip = rng.randint(0, 256, size=(2, 6, 3))
            _write_png(os.path.join(root, run, frame_id + '.png'), strip)
            fx = 10.0 + k
            cam = [fx, 0., 2.0, 0., fx + 0.5, 1.0, 0., 0., 1.]
            with open(os.path.join(root, run, frame_id + '_cam.txt'), 'w') as f:
                f.write(','.join('%g' % v for v in cam))
            lines.append('%s %s\n' % (run, frame_id))
            k += 1
    with open(os.path.join(root, 'train.txt'), 'w') as f:
        f.writelines(lines)


class opt:
    batch_size = 4
    img_height = 2
    img_width = 2
    seq_length = 3
    num_scales = 2
    max_steps = 3


def main(data_dir):
    root = os.path.join(data_dir, 'h64_sewer_crawler')
    prepare_crawler_runs(root)
    random.seed(64)

    loader = DataLoader(root,
                        opt.batch_size,
                        opt.img_height,
                        opt.img_width,
                        opt.seq_length - 1,
                        opt.num_scales)
    with tf.name_scope("data_loading"):
        tgt_image, src_image_stack, intrinsics = loader.load_train_batch()
        tgt_image = tf.image.convert_image_dtype(tgt_image, dtype=tf.float32)
        src_image_stack = tf.image.convert_image_dtype(src_image_stack, dtype=tf.float32)
    with tf.name_scope("train_op"):
        global_step = tf.Variable(0, name='global_step', trainable=False)
        incr_global_step = tf.assign(global_step, global_step + 1)
        photometric = tf.reduce_mean(tf.abs(src_image_stack[:, :, :, :3] - tgt_image), axis=[1, 2, 3])

    batches = []
    sv = tf.train.Supervisor(logdir=None, save_summaries_secs=0, saver=None)
    with sv.managed_session() as sess:
        for step in range(1, opt.max_steps):
            fetches = {"tgt": tgt_image, "src": src_image_stack, "k": intrinsics,
                       "loss": photometric, "step": incr_global_step}
            results = sess.run(fetches)
            batches.append([np.round(results["tgt"], 4).tolist(),
                            np.round(results["src"], 4).tolist(),
                            np.round(results["k"], 4).tolist(),
                            np.round(results["loss"], 4).tolist()])
        gstep = sess.run(global_step)
    return {"batches": batches,
            "end": "crawler frames: %d in %d steps" % (sum(len(b[0]) for b in batches), gstep)}
