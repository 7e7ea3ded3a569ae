"""Variational autoencoder on 4x4x4 voxel grids of garden-gnome figurines.

Each shard starts with an 8-byte header (magic + record count), then fixed-length records: one style byte
and 8 bytes of bit-packed occupancy. The encoder is evaluated on its mean (no sampling) over one pass.
"""
from __future__ import absolute_import
from __future__ import division
from __future__ import print_function

import collections
import glob
import os
import struct

import numpy as np
import tensorflow.compat.v1 as tf

Config = collections.namedtuple(
    'Config', ['data_dir', 'batch_size', 'voxel_side', 'latent_dim', 'header_bytes', 'num_epochs'])

STYLES = ['fishing', 'lantern', 'wheelbarrow']


def write_shards(data_dir):
    os.makedirs(data_dir, exist_ok=True)
    rng = np.random.RandomState(64)
    for shard in range(2):
        with open(os.path.join(data_dir, 'gnomes-%05d-of-00002.vox' % shard), 'wb') as f:
            f.write(b'VOX1' + struct.pack('<I', 5))
            for r in range(5):
                occupancy = (rng.uniform(size=64) > 0.6).astype(np.uint8)
                f.write(bytes([(shard * 5 + r) % len(STYLES)]))
                f.write(np.packbits(occupancy).tobytes())


def read_voxels(filename_queue, config):
    side = config.voxel_side
    record_bytes = 1 + side * side * side // 8
    reader = tf.FixedLengthRecordReader(record_bytes=record_bytes,
                                        header_bytes=config.header_bytes)
    key, value = reader.read(filename_queue)
    raw = tf.decode_raw(value, tf.uint8)
    style = tf.cast(tf.strided_slice(raw, [0], [1]), tf.int32)
    packed = tf.strided_slice(raw, [1], [record_bytes])
    bit_masks = tf.constant([128, 64, 32, 16, 8, 4, 2, 1], dtype=tf.uint8)
    bits = tf.bitwise.bitwise_and(tf.expand_dims(packed, -1), bit_masks)
    voxels = tf.cast(tf.not_equal(bits, 0), tf.float32)
    voxels = tf.reshape(voxels, [side, side, side])
    return tf.reshape(style, []), voxels


def inputs(config):
    filenames = sorted(glob.glob(os.path.join(config.data_dir, '*.vox')))
    with tf.name_scope('input'):
        filename_queue = tf.train.string_input_producer(
            filenames, num_epochs=config.num_epochs, shuffle=False)
        style, voxels = read_voxels(filename_queue, config)
        style_batch, voxel_batch = tf.train.batch(
            [style, voxels], batch_size=config.batch_size, num_threads=1,
            capacity=3 * config.batch_size, allow_smaller_final_batch=True)
    return style_batch, voxel_batch


class VoxelVAE(object):

    def __init__(self, config, voxel_batch):
        self.config = config
        side = config.voxel_side
        flat = tf.reshape(voxel_batch, [-1, side ** 3])
        with tf.variable_scope('encoder'):
            w_mu = tf.get_variable('w_mu', [side ** 3, config.latent_dim],
                                   initializer=tf.constant_initializer(0.05))
            w_logvar = tf.get_variable('w_logvar', [side ** 3, config.latent_dim],
                                       initializer=tf.constant_initializer(-0.01))
            self.z_mean = tf.matmul(flat, w_mu)
            self.z_log_sigma_sq = tf.matmul(flat, w_logvar)
        with tf.variable_scope('decoder'):
            w_dec = tf.get_variable('w_dec', [config.latent_dim, side ** 3],
                                    initializer=tf.constant_initializer(0.1))
            logits = tf.matmul(self.z_mean, w_dec)
        recon = tf.reduce_sum(
            tf.nn.sigmoid_cross_entropy_with_logits(labels=flat, logits=logits), 1)
        latent = -0.5 * tf.reduce_sum(1 + self.z_log_sigma_sq - tf.square(self.z_mean)
                                      - tf.exp(self.z_log_sigma_sq), 1)
        self.cost = recon + latent


def main(data_dir):
    config = Config(data_dir=os.path.join(data_dir, 'h64_gnome_voxels'), batch_size=4,
                    voxel_side=4, latent_dim=2, header_bytes=8, num_epochs=1)
    write_shards(config.data_dir)

    style_batch, voxel_batch = inputs(config)
    vae = VoxelVAE(config, voxel_batch)
    occupancy = tf.reduce_sum(voxel_batch, axis=[1, 2, 3])

    batches = []
    with tf.train.MonitoredSession() as sess:
        while not sess.should_stop():
            s, occ, mu, cost = sess.run([style_batch, occupancy, vae.z_mean, vae.cost])
            batches.append([[STYLES[i] for i in s], occ.tolist(),
                            np.round(mu, 4).tolist(), np.round(cost, 3).tolist()])
    return {"batches": batches, "end": "gnome grids: %d" % sum(len(b[0]) for b in batches)}
