"""Casting-defect inspection PNGs: a `Batch` class (class-level defaults, crop offsets, one-hot labels)."""
import os
import struct
import zlib

import numpy as np
import tensorflow as tf
from tensorflow.python.framework import ops


def _png(gray):
    """8-bit greyscale PNG bytes (the inspection camera's thumbnails, written by hand)."""
    h, w = gray.shape
    raw = b''.join(b'\x00' + gray[r].tobytes() for r in range(h))

    def chunk(tag, data):
        return struct.pack('>I', len(data)) + tag + data + struct.pack('>I', zlib.crc32(tag + data) & 0xffffffff)
    return (b'\x89PNG\r\n\x1a\n' + chunk(b'IHDR', struct.pack('>IIBBBBB', w, h, 8, 0, 0, 0, 0))
            + chunk(b'IDAT', zlib.compress(raw)) + chunk(b'IEND', b''))


class Batch:
    _paths = []
    _image_height = 0
    _image_width = 0
    _height_offset = 0
    _width_offset = 0
    _batch_size = 0
    _num_labels = 0
    _labels = []

    def __init__(self, paths, image_height, image_width, height_offset, width_offset, batch_size, num_labels, labels):
        self._paths = paths
        self._image_height = image_height
        self._image_width = image_width
        self._height_offset = height_offset
        self._width_offset = width_offset
        self._batch_size = batch_size
        self._num_labels = num_labels
        self._labels = labels

    def read_data(self):
        paths = ops.convert_to_tensor(self._paths, dtype=tf.string)
        labels = ops.convert_to_tensor(self._labels, dtype=tf.int32)
        input_queue = tf.compat.v1.train.slice_input_producer([paths, labels], num_epochs=1, shuffle=False)
        file_contents = tf.io.read_file(input_queue[0])
        image = tf.image.decode_png(file_contents, channels=1)
        image = tf.image.crop_to_bounding_box(image, self._height_offset, self._width_offset,
                                              self._image_height, self._image_width)
        image = tf.cast(image, tf.float32) / 255.0
        label = tf.one_hot(input_queue[1], self._num_labels)
        return image, label

    def get_batch(self):
        image, label = self.read_data()
        return tf.compat.v1.train.batch([image, label], batch_size=self._batch_size, num_threads=1,
                                        allow_smaller_final_batch=True)


def main(data_dir):
    out = os.path.join(data_dir, 'h38_casting_defect')
    os.makedirs(out, exist_ok=True)
    rng = np.random.RandomState(38)
    kinds = ['ok_front', 'def_front']
    paths, labels = [], []
    for i in range(10):
        gray = rng.randint(0, 256, size=(6, 6)).astype(np.uint8)
        name = os.path.join(out, 'cast_%s_%03d.png' % (kinds[i % 3 == 0], i))
        with open(name, 'wb') as f:
            f.write(_png(gray))
        paths.append(name)
        labels.append(int(i % 3 == 0))

    batch = Batch(paths, 4, 4, 1, 1, 4, 2, labels)
    images, one_hot = batch.get_batch()
    batches = []
    with tf.compat.v1.Session() as sess:
        sess.run(tf.compat.v1.local_variables_initializer())
        coord = tf.compat.v1.train.Coordinator()
        threads = tf.compat.v1.train.start_queue_runners(coord=coord, sess=sess)
        try:
            while not coord.should_stop():
                im, lab = sess.run([images, one_hot])
                batches.append([np.round(im[..., 0].astype(np.float64), 5).tolist(), lab.astype(np.float64).tolist()])
        except tf.errors.OutOfRangeError:
            pass
        finally:
            coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": "castings: %d" % sum(len(b[1]) for b in batches)}
