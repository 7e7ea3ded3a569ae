import os

import numpy as np
import tensorflow.compat.v1 as tf


class DepthLoader(object):
    """Loads an RGB frame and its depth map (both .npy) for one line of a split file."""

    def __init__(self, root, height=3, width=4):
        self.root = root
        self.height = height
        self.width = width

    def _load(self, name):
        name = name.decode() if isinstance(name, bytes) else name
        rgb = np.load(os.path.join(self.root, name + "_rgb.npy")).astype(np.float32) / 255.0
        depth = np.load(os.path.join(self.root, name + "_depth.npy")).astype(np.float32)
        depth = np.clip(depth, 0.0, 10.0)
        return rgb, depth[..., None]

    def read(self, filename_queue):
        reader = tf.TextLineReader()
        _, line = reader.read(filename_queue)
        name, scene = tf.decode_csv(line, [[""], [0]], field_delim=" ")
        rgb, depth = tf.py_func(self._load, [name], [tf.float32, tf.float32])
        rgb.set_shape([self.height, self.width, 3])
        depth.set_shape([self.height, self.width, 1])
        return rgb, depth, scene
