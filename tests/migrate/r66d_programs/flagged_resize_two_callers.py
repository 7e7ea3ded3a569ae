"""A package helper resizes and crops its patches under nested ``if``s on Python flags (a ``set_shape`` in one
branch), then batches them with a Python list of tensors, or (``batch_size=None``) gives one per run; called
three times with other flags: each pipeline takes its own branches."""
import os

import numpy as np
import tensorflow.compat.v1 as tf

from r66d_lib.patches import patch_batches, write_patches


def main(data_dir):
    root = os.path.join(data_dir, 'r66d_patches')
    os.makedirs(root, exist_ok=True)
    path = os.path.join(root, 'patches.tfrecord')
    write_patches(path)
    cropped = patch_batches(path, 2, size=3, crop=True)
    padded = patch_batches(path, 4, size=2)
    single = patch_batches(path, size=2, crop=True)
    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        for _ in range(2):
            for got in sess.run([cropped, padded, single]):
                a, i, sides = got
                batches.append([np.round(a, 4).tolist(), np.reshape(i, [-1]).tolist(),
                                np.reshape(sides['h'], [-1]).tolist(), np.reshape(sides['w'], [-1]).tolist()])
        coord.request_stop()
        coord.join(threads)
    return {'batches': batches, 'end': 'steps'}
