import glob
import os
import struct
import zlib

import numpy as np
import tensorflow.compat.v1 as tf

IMG_H, IMG_W = 5, 5


def _png_gray(path, arr):
    raw = b''.join(b'\x00' + bytes(row) for row in arr.astype(np.uint8))

    def chunk(tag, data):
        return struct.pack('>I', len(data)) + tag + data + struct.pack('>I', zlib.crc32(tag + data) & 0xffffffff)
    with open(path, 'wb') as f:
        f.write(b'\x89PNG\r\n\x1a\n')
        f.write(chunk(b'IHDR', struct.pack('>IIBBBBB', arr.shape[1], arr.shape[0], 8, 0, 0, 0, 0)))
        f.write(chunk(b'IDAT', zlib.compress(raw)))
        f.write(chunk(b'IEND', b''))


class UltrasoundInput(object):
    """Echo frames exported one PNG per frame, label is the view in the file name."""
    VIEWS = ['a4c', 'plax', 'psax', 'sub']

    def __init__(self, frame_dir, is_training, batch_size=4):
        self.frame_dir = frame_dir
        self.is_training = is_training
        self.batch_size = batch_size

    def _file_list(self):
        files = sorted(glob.glob(os.path.join(self.frame_dir, '*.png')))
        labels = [self.VIEWS.index(os.path.basename(f).split('_')[0]) for f in files]
        return files, labels

    def _read(self, path_queue):
        reader = tf.WholeFileReader()
        key, contents = reader.read(path_queue)
        image = tf.image.decode_png(contents, channels=1)
        image = tf.image.convert_image_dtype(image, tf.float32)
        image.set_shape([IMG_H, IMG_W, 1])
        view = tf.string_split([tf.string_split([key], '/').values[-1]], '_').values[0]
        label = tf.cast(tf.equal(tf.constant(self.VIEWS), view), tf.int32)
        return image, tf.argmax(label, output_type=tf.int32), key

    def build(self):
        files, _ = self._file_list()
        path_queue = tf.train.string_input_producer(files, num_epochs=1, shuffle=self.is_training, seed=7)
        image, label, key = self._read(path_queue)
        if self.is_training:
            return tf.train.shuffle_batch([image, label, key], batch_size=self.batch_size,
                                          capacity=20, min_after_dequeue=4, num_threads=2, seed=7)
        return tf.train.batch([image, label, key], batch_size=self.batch_size, capacity=20)


def main(data_dir):
    frame_dir = os.path.join(data_dir, 'h63_ultrasound_frames_png_wholefile_reader_input_class_is_training_switch_shuffle_batch_two_threads')
    os.makedirs(frame_dir, exist_ok=True)
    rng = np.random.RandomState(6301)
    for i in range(16):
        view = UltrasoundInput.VIEWS[i % 4]
        _png_gray(os.path.join(frame_dir, '%s_clip%02d.png' % (view, i)), rng.randint(0, 256, size=(IMG_H, IMG_W)))
    train_input = UltrasoundInput(frame_dir, is_training=True)
    images, labels, keys = train_input.build()
    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess, coord)
        try:
            while not coord.should_stop():
                im, lb, ks = sess.run([images, labels, keys])
                batches.append([im.tolist(), lb.tolist(), [os.path.basename(k.decode()) for k in ks]])
        except tf.errors.OutOfRangeError:
            pass
        finally:
            coord.request_stop()
            coord.join(threads)
    return {'batches': batches, 'end': 'done'}
