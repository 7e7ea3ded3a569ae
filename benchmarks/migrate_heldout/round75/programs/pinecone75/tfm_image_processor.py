from __future__ import absolute_import
from __future__ import division
from __future__ import print_function

import tensorflow.compat.v1 as tf
from abc import abstractmethod

CONE_MEAN = [120.5, 98.25, 70.75]
CONE_MODES = ['train', 'eval']

INPUT_QUEUE_MEMORY_FACTOR = 16


class ImagePreprocessor(object):

    def __init__(self, mode, dataset, image_size, batch_size, num_preprocess_threads=4, num_readers=None):
        self.mode = mode
        self.dataset = dataset
        self.image_size = image_size
        self.batch_size = batch_size
        self.num_preprocess_threads = num_preprocess_threads
        self.num_readers = num_readers

    @abstractmethod
    def get_batch_input_tensors(self):
        pass

    @abstractmethod
    def preprocess_fn(self, image_size, image_buffer, bbox, mode, thread_id=0):
        pass


class ConePreprocessor(ImagePreprocessor):

    def __init__(self, mode, dataset, image_size, batch_size, num_preprocess_threads=4, num_readers=None):
        super(ConePreprocessor, self).__init__(mode, dataset, image_size, batch_size, num_preprocess_threads,
                                               num_readers)
        assert self.mode in CONE_MODES
        if self.num_readers is None:
            if mode == 'eval':
                self.num_readers = 1
            else:
                self.num_readers = 2

    def get_batch_input_tensors(self):
        with tf.name_scope('batch_processing'):
            data_files = self.dataset.data_files()
            if data_files is None:
                raise ValueError('No data files found for this dataset')

            # Create filename_queue
            if self.mode == 'train':
                filename_queue = tf.train.string_input_producer(data_files, shuffle=True, capacity=16,
                                                                num_epochs=1, seed=3)
            else:
                filename_queue = tf.train.string_input_producer(data_files, shuffle=False, capacity=1,
                                                                num_epochs=1)
            record_bytes = self.image_size * self.image_size * 3 + 1
            images_and_labels = []
            for thread_id in range(self.num_preprocess_threads):
                reader = tf.FixedLengthRecordReader(record_bytes=record_bytes)
                _, value = reader.read(filename_queue)
                record = tf.decode_raw(value, tf.uint8)
                label = tf.cast(record[0], tf.int32)
                image = self.preprocess_fn(self.image_size, record[1:], None, self.mode, thread_id)
                images_and_labels.append([image, label])

            images, label_index_batch = tf.train.batch_join(
                images_and_labels,
                batch_size=self.batch_size,
                capacity=2 * self.num_preprocess_threads * self.batch_size)
            return images, tf.reshape(label_index_batch, [self.batch_size])

    def preprocess_fn(self, image_size, image_buffer, bbox, mode, thread_id=0):
        image = tf.reshape(image_buffer, [image_size, image_size, 3])
        image = tf.cast(image, tf.float32) - tf.constant(CONE_MEAN)
        if mode == 'train':
            image = tf.image.flip_up_down(image)
        return image
