"""Merged face expression dataset (FER2013-style CSV) provided using a multi-threaded queue."""
from __future__ import absolute_import
from __future__ import division
from __future__ import print_function

import os

import numpy as np
import tensorflow.compat.v1 as tf

IMAGE_SIZE = 3
NUM_CLASSES = 7


def write_fer_csv(path):
    rng = np.random.RandomState(2013)
    with open(path, 'w') as f:
        f.write('emotion,pixels,Usage\n')
        for i in range(12):
            pixels = ' '.join(str(p) for p in rng.randint(0, 256, size=IMAGE_SIZE * IMAGE_SIZE))
            f.write('%d,%s,Training\n' % (rng.randint(0, NUM_CLASSES), pixels))


class FaceExpressionDataset(object):
    def __init__(self, data_root, batch_size, queue_num_threads=2, queue_min_examples=4, num_epochs=1):
        self.data_root = data_root
        self.batch_size = batch_size
        self.queue_num_threads = queue_num_threads
        self.queue_min_examples = queue_min_examples
        self.num_epochs = num_epochs

    def _filenames(self):
        return sorted(os.path.join(self.data_root, f) for f in os.listdir(self.data_root) if f.endswith('.csv'))

    def _read_example(self, filename_queue):
        reader = tf.TextLineReader(skip_header_lines=1)
        _, value = reader.read(filename_queue)
        emotion, pixels, usage = tf.decode_csv(value, record_defaults=[[0], [''], ['']])
        pixel_values = tf.string_to_number(tf.string_split([pixels], ' ').values, out_type=tf.int32)
        image = tf.reshape(pixel_values, [IMAGE_SIZE, IMAGE_SIZE, 1])
        return image, emotion

    def inputs(self, augment_data=False):
        """Construct input for training using the Reader ops.

        Returns:
          images: 4D tensor of [batch_size, IMAGE_SIZE, IMAGE_SIZE, 1].
          labels: 1D tensor of [batch_size].
        """
        filename_queue = tf.train.string_input_producer(self._filenames(), num_epochs=self.num_epochs)
        image, label = self._read_example(filename_queue)
        if augment_data:
            image = tf.image.flip_left_right(image)
        images, labels = tf.train.shuffle_batch(
            [image, label], batch_size=self.batch_size, num_threads=self.queue_num_threads,
            capacity=self.queue_min_examples + 3 * self.batch_size,
            min_after_dequeue=self.queue_min_examples)
        return images, labels


def main(data_dir):
    data_root = os.path.join(data_dir, 'h31_fer2013')
    os.makedirs(data_root, exist_ok=True)
    write_fer_csv(os.path.join(data_root, 'fer2013.csv'))

    dataset = FaceExpressionDataset(data_root, batch_size=4)
    images, labels = dataset.inputs(augment_data=True)
    pixels = tf.reshape(images, [-1, IMAGE_SIZE * IMAGE_SIZE])
    onehot = tf.one_hot(labels, NUM_CLASSES)

    batches = []
    with tf.Session() as sess:
        sess.run(tf.global_variables_initializer())
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                p, l, o = sess.run([pixels, labels, onehot])
                batches.append({'pixels': p.tolist(), 'emotion': l.tolist(), 'onehot_argmax': o.argmax(1).tolist()})
        except tf.errors.OutOfRangeError:
            end = 'Done -- epoch limit reached'
        finally:
            coord.request_stop()
            coord.join(threads)
    return {'batches': batches, 'end': end}
