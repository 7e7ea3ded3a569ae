###############################################################################
#
# Workshop project
#
# Description:  spruce / maple tonewood input pipeline
#
#

""" Usage:
from vio55_lib.datasets.tonewood import tonewood_data
data = tonewood_data(55, data_dir)
tensor_wood, tensor_labels = data.build_train_data_tensor()

import tensorflow as tf
sess = tf.Session()
init_op = tf.initialize_all_variables()
sess.run(init_op)
coord = tf.train.Coordinator()
threads = tf.train.start_queue_runners(coord=coord, sess=sess)

wood_batch, labels_batch = sess.run([tensor_wood, tensor_labels])
"""

import os

import numpy as np
import tensorflow as tf

LABEL_BYTES = 1
WOOD_BYTES = 6  # density, stiffness, damping, grain, ring width, moisture (uint8 codes)
RECORD_BYTES = LABEL_BYTES + WOOD_BYTES


class tonewood_data(object):

    def __init__(self, batch_size, data_dir=None, num_epochs=1):
        self.batch_size = batch_size
        self.data_dir = data_dir
        self.num_epochs = num_epochs

    def write_bins(self, n=9, seed=55):
        rng = np.random.RandomState(seed)
        with open(os.path.join(self.data_dir, 'tonewood_train.bin'), 'wb') as f:
            for i in range(n):
                f.write(bytes([i % 2]) + rng.randint(0, 256, size=WOOD_BYTES).astype(np.uint8).tobytes())

    def _read(self, filename_queue):
        reader = tf.compat.v1.FixedLengthRecordReader(record_bytes=RECORD_BYTES)
        key, value = reader.read(filename_queue)
        record = tf.compat.v1.decode_raw(value, tf.uint8)
        label = tf.cast(tf.strided_slice(record, [0], [LABEL_BYTES]), tf.int32)
        wood = tf.cast(tf.strided_slice(record, [LABEL_BYTES], [RECORD_BYTES]), tf.float32) / 255.0
        label = tf.reshape(label, [])
        wood.set_shape([WOOD_BYTES])
        return wood, label

    def build_train_data_tensor(self, shuffle=False, augmentation=False):
        filenames = [os.path.join(self.data_dir, 'tonewood_train.bin')]
        filename_queue = tf.compat.v1.train.string_input_producer(filenames, shuffle=shuffle,
                                                                  num_epochs=self.num_epochs)
        wood, label = self._read(filename_queue)
        if augmentation:
            wood = wood + 0.0
        return tf.compat.v1.train.batch([wood, label], batch_size=self.batch_size, num_threads=1,
                                        allow_smaller_final_batch=True)
