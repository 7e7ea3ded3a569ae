import tensorflow.compat.v1 as tf
from tensorflow.compat.v1 import gfile, logging

from sombrero75.constants import IMAGE_SIZE


class DataTFReader(object):
    """Reads TFRecords of brim photos: id, raw image bytes, label list."""

    def __init__(self, num_classes):
        self.num_classes = num_classes

    def prepare_reader(self, filename_queue):
        reader = tf.TFRecordReader()
        _, serialized_example = reader.read(filename_queue)
        features = tf.parse_single_example(serialized_example, features={
            'id': tf.FixedLenFeature([], tf.string),
            'image': tf.FixedLenFeature([], tf.string),
            'labels': tf.VarLenFeature(tf.int64),
        })
        image = tf.decode_raw(features['image'], tf.uint8)
        image = tf.reshape(tf.cast(image, tf.float32) / 255., [IMAGE_SIZE, IMAGE_SIZE])
        labels = tf.sparse_to_indicator(features['labels'], self.num_classes)
        labels.set_shape([self.num_classes])
        return features['id'], image, tf.cast(labels, tf.float32)


def get_input_data_tensors(reader, data_pattern, batch_size=100, num_readers=2, num_epochs=None):
    logging.info('Using batch size of %d for training.', batch_size)
    with tf.name_scope('train_input'):
        files = sorted(gfile.Glob(data_pattern))
        if not files:
            raise IOError('Unable to find training files. data_pattern=' + data_pattern + '.')
        logging.info('Number of training files: %s.', str(len(files)))
        filename_queue = tf.train.string_input_producer(files, num_epochs=num_epochs, shuffle=True, seed=5)
        training_data = [reader.prepare_reader(filename_queue) for _ in range(num_readers)]
        return tf.train.shuffle_batch_join(
            training_data,
            batch_size=batch_size,
            capacity=batch_size * 5,
            min_after_dequeue=batch_size,
            allow_smaller_final_batch=True,
            seed=5)
