import tensorflow.compat.v1 as tf


def example_parser(serialized_example, feature, data_shape, data_type):
    """Parses a single tf.Example into frame and label tensors."""
    features = tf.parse_single_example(serialized_example, features=feature)
    # string back to numbers
    frames = tf.decode_raw(features['train/data'], data_type)
    label = tf.cast(features['train/label'], tf.int64)
    frames = tf.reshape(frames, data_shape)
    return frames, label


def read_and_decode(filename_queue, data_shape, data_type=tf.float32, batch_size=2):
    feature = {'train/data': tf.FixedLenFeature([], tf.string),
               'train/label': tf.FixedLenFeature([], tf.int64)}
    reader = tf.TFRecordReader()
    _, serialized_example = reader.read(filename_queue)
    frames, label = example_parser(serialized_example, feature, data_shape, data_type)
    frames_batch, label_batch = tf.train.batch([frames, label], batch_size=batch_size,
                                               capacity=30, num_threads=1)
    return frames_batch, label_batch
