"""Image pre-processing in the tf_cnn_benchmarks layout: a batch of serialized records split per example,
each parsed, then stacked per device."""
import tensorflow.compat.v1 as tf


def parse_example_proto(example_serialized):
    feature_map = {
        'image/encoded': tf.FixedLenFeature([], dtype=tf.string, default_value=''),
        'image/class/label': tf.FixedLenFeature([1], dtype=tf.int64, default_value=-1),
        'image/class/text': tf.FixedLenFeature([], dtype=tf.string, default_value=''),
    }
    features = tf.parse_single_example(example_serialized, feature_map)
    label = tf.cast(features['image/class/label'], dtype=tf.int32)
    return features['image/encoded'], label, features['image/class/text']


class RecordInputImagePreprocessor(object):
    """Preprocessor for images read from TFRecords (a batching queue stands where RecordInput was)."""

    def __init__(self, height, width, batch_size, num_splits, dtype=tf.float32):
        self.height = height
        self.width = width
        self.batch_size = batch_size
        self.num_splits = num_splits
        self.dtype = dtype
        if self.batch_size % self.num_splits != 0:
            raise ValueError('batch_size must be a multiple of num_splits')
        self.batch_size_per_split = self.batch_size // self.num_splits

    def preprocess(self, image_buffer):
        image = tf.decode_raw(image_buffer, tf.uint8)
        image = tf.reshape(image, [self.height, self.width, 3])
        image = tf.cast(image, tf.float32) * (1.0 / 255.0)
        return tf.image.flip_left_right(image)

    def minibatch(self, file_pattern, subset):
        with tf.name_scope('batch_processing'):
            images = [[] for _ in range(self.num_splits)]
            labels = [[] for _ in range(self.num_splits)]
            files = sorted(tf.gfile.Glob(file_pattern))
            filename_queue = tf.train.string_input_producer(files, shuffle=False, name=subset + '_files')
            _, serialized = tf.TFRecordReader().read(filename_queue)
            records = tf.train.batch([serialized], self.batch_size, num_threads=1, capacity=2 * self.batch_size)
            records = tf.split(records, self.batch_size, 0)
            records = [tf.reshape(record, []) for record in records]
            for idx in range(self.batch_size):
                value = records[idx]
                image_buffer, label_index, _ = parse_example_proto(value)
                image = self.preprocess(image_buffer)
                split_index = idx % self.num_splits
                labels[split_index].append(label_index)
                images[split_index].append(image)
            for split_index in range(self.num_splits):
                images[split_index] = tf.parallel_stack(images[split_index])
                labels[split_index] = tf.concat(labels[split_index], 0)
                images[split_index] = tf.cast(images[split_index], self.dtype)
                images[split_index] = tf.reshape(
                    images[split_index], [self.batch_size_per_split, self.height, self.width, 3])
                labels[split_index] = tf.reshape(labels[split_index], [self.batch_size_per_split])
            return images, labels
