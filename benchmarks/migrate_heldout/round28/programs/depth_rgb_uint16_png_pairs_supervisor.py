"""Monocular depth: RGB frames and 16-bit depth PNGs read in pairs, trained under a Supervisor."""
import os

import numpy as np
from tensorflow.compat import v1 as tf

FLAGS = {'batch_size': 2, 'height': 3, 'width': 4, 'max_depth_mm': 10000.0}


def write_pngs(root, n=5):
    os.makedirs(os.path.join(root, 'rgb'), exist_ok=True)
    os.makedirs(os.path.join(root, 'depth'), exist_ok=True)
    h, w = FLAGS['height'], FLAGS['width']
    rgb_paths, depth_paths = [], []
    with tf.Graph().as_default():
        rgb_ph = tf.placeholder(tf.uint8, [h, w, 3])
        depth_ph = tf.placeholder(tf.uint16, [h, w, 1])
        enc_rgb, enc_depth = tf.image.encode_png(rgb_ph), tf.image.encode_png(depth_ph)
        with tf.Session() as sess:
            for k in range(n):
                rgb = ((np.arange(h * w * 3) * (k + 1)) % 256).astype(np.uint8).reshape(h, w, 3)
                depth = (np.arange(h * w) * 97 + 500 * k).astype(np.uint16).reshape(h, w, 1)
                a, b = sess.run([enc_rgb, enc_depth], {rgb_ph: rgb, depth_ph: depth})
                rgb_paths.append(os.path.join(root, 'rgb', '%04d.png' % k))
                depth_paths.append(os.path.join(root, 'depth', '%04d.png' % k))
                with open(rgb_paths[-1], 'wb') as f:
                    f.write(a)
                with open(depth_paths[-1], 'wb') as f:
                    f.write(b)
    return rgb_paths, depth_paths


def load_pair(rgb_path, depth_path):
    rgb = tf.image.decode_png(tf.read_file(rgb_path), channels=3)
    rgb = tf.image.convert_image_dtype(rgb, tf.float32)
    depth = tf.image.decode_png(tf.read_file(depth_path), channels=1, dtype=tf.uint16)
    depth = tf.cast(depth, tf.float32) / FLAGS['max_depth_mm']
    rgb.set_shape([FLAGS['height'], FLAGS['width'], 3])
    depth.set_shape([FLAGS['height'], FLAGS['width'], 1])
    return rgb, depth


def main(data_dir):
    rgb_paths, depth_paths = write_pngs(os.path.join(data_dir, 'h28_depth_rgb_uint16_png_pairs_supervisor'))
    rgb_path, depth_path = tf.train.slice_input_producer([rgb_paths, depth_paths], num_epochs=1, shuffle=False)
    rgb, depth = load_pair(rgb_path, depth_path)
    rgb_batch, depth_batch = tf.train.batch([rgb, depth], FLAGS['batch_size'], allow_smaller_final_batch=True)

    global_step = tf.train.get_or_create_global_step()
    scale = tf.get_variable('scale', [], initializer=tf.constant_initializer(0.5))
    pred = scale * tf.reduce_mean(rgb_batch, axis=3, keepdims=True)
    loss = tf.reduce_mean(tf.abs(pred - depth_batch))
    step_op = tf.assign_add(global_step, 1)

    sv = tf.train.Supervisor(logdir=None, global_step=global_step, summary_op=None, saver=None)
    out = []
    with sv.managed_session() as sess:
        while not sv.should_stop():
            d, l, _ = sess.run([depth_batch, loss, step_op])
            out.append([np.round(d.mean(axis=(1, 2, 3)), 5).tolist(), round(float(l), 5)])
    return {'batches': out, 'end': 'supervisor stopped'}
