import os
import sys

import numpy as np
import tensorflow.compat.v1 as tf

from ..core.input import read_png_image, Input


def _read_flow(filenames, num_epochs=None):
    """Given a list of filenames, constructs a reader op for ground truth flow files."""
    filename_queue = tf.train.string_input_producer(filenames,
        shuffle=False, capacity=len(filenames), num_epochs=num_epochs)
    reader = tf.WholeFileReader()
    _, value = reader.read(filename_queue)
    value = tf.reshape(value, [1])
    value_width = tf.substr(value, 4, 4)
    value_height = tf.substr(value, 8, 4)
    width = tf.reshape(tf.decode_raw(value_width, out_type=tf.int32), [])
    height = tf.reshape(tf.decode_raw(value_height, out_type=tf.int32), [])

    value_flow = tf.substr(value, 12, 8 * width * height)
    flow = tf.decode_raw(value_flow, out_type=tf.float32)
    flow = tf.reshape(flow, [height, width, 2])
    return flow


class TunnelData():
    dirs = ['smoke_tunnel']

    def __init__(self, data_dir):
        self.current_dir = os.path.join(data_dir, self.dirs[0])


class TunnelInput(Input):
    def __init__(self, data, batch_size, dims, *,
                 num_threads=1, normalize=True):
        super().__init__(data, batch_size, dims, num_threads=num_threads,
                         normalize=normalize)

    def input_test(self):
        input_shape, im1, im2 = self._input_images('image')
        flow_dir = os.path.join(self.data.current_dir, 'flow')
        flow_files = sorted(os.listdir(flow_dir))
        flow = _read_flow([os.path.join(flow_dir, fn) for fn in flow_files], 1)
        flow.set_shape([3, 3, 2])
        flow = tf.image.resize_image_with_crop_or_pad(flow, *self.dims)
        return tf.train.batch(
            [im1, im2, input_shape, flow],
            batch_size=self.batch_size,
            num_threads=self.num_threads)
