"""
    Readers for clothing attribute datasets stored as TFRecords.
"""
import os

import tensorflow.compat.v1 as tf

### EXAMPLE USAGE
#
#   reader = DeepFashionReader('deepfashion', '/data/tfrecords', 3, 2, 4)
#   images, annotations = reader.next_batch('train', batch_size=4)


class DatasetReader:
    """
    Abstract class for reading datasets in TFRecord format.
    """
    def __init__(self, dataset_name, path_to_tfrecords, img_height, img_width, annot_dims):
        self.annot_dims = annot_dims
        self.img_width = img_width
        self.img_height = img_height
        self.path_to_tfrecords = path_to_tfrecords
        self.dataset_name = dataset_name

    def _features(self):
        raise NotImplementedError

    def _decode_annotation(self, features):
        raise NotImplementedError

    def _read_and_decode(self, split_name, filename_queue, batch_size, min_queue_examples):
        reader = tf.TFRecordReader()

        _, serialized_example = reader.read(filename_queue)
        features = tf.parse_single_example(serialized_example, features=self._features())

        image = tf.decode_raw(features['image_raw'], tf.uint8)
        image = tf.reshape(image, [self.img_height, self.img_width, 3])
        image = tf.cast(image, tf.float32) * (1. / 255)
        annotation = self._decode_annotation(features)

        if split_name == 'train':
            images, annotations, names = tf.train.shuffle_batch(
                [image, annotation, features['item_id']],
                batch_size=batch_size,
                capacity=min_queue_examples + 3 * batch_size,
                num_threads=2,
                min_after_dequeue=min_queue_examples)
        else:
            images, annotations, names = tf.train.batch(
                [image, annotation, features['item_id']],
                batch_size=batch_size,
                capacity=min_queue_examples + 3 * batch_size)
        return images, annotations, names

    def next_batch(self, split_name, batch_size, min_queue_examples=4, num_epochs=1):
        tfrecords_filename = os.path.join(self.path_to_tfrecords,
                                          '%s_%s.tfrecords' % (self.dataset_name, split_name))
        filename_queue = tf.train.string_input_producer([tfrecords_filename], num_epochs=num_epochs)
        return self._read_and_decode(split_name, filename_queue, batch_size, min_queue_examples)


class DeepFashionReader(DatasetReader):
    """Garment photos with `annot_dims - 1` binary attributes and one category id."""

    def _features(self):
        return {
            'item_id': tf.FixedLenFeature([], tf.string),
            'image_raw': tf.FixedLenFeature([], tf.string),
            'attributes': tf.FixedLenFeature([self.annot_dims - 1], tf.int64),
            'category': tf.FixedLenFeature([], tf.int64),
        }

    def _decode_annotation(self, features):
        category = tf.expand_dims(features['category'], 0)
        return tf.concat([features['attributes'], category], 0)
