"""Reader and batch helpers over a file of examples with one int feature per label name."""
import tensorflow.compat.v1 as tf


def write_records(filename, rows, names):
    with tf.python_io.TFRecordWriter(filename) as writer:
        for pixels, values in rows:
            feature = {'pixels': tf.train.Feature(int64_list=tf.train.Int64List(value=pixels))}
            for name, value in zip(names, values):
                feature[name] = tf.train.Feature(int64_list=tf.train.Int64List(value=[value]))
            writer.write(tf.train.Example(features=tf.train.Features(feature=feature)).SerializeToString())


def read_example(filename, label_names, num_epochs=None):
    queue = tf.train.string_input_producer([filename], num_epochs=num_epochs, shuffle=False)
    _, serialized = tf.TFRecordReader().read(queue)
    spec = {'pixels': tf.FixedLenFeature([3], tf.int64)}
    for name in label_names:
        spec[name] = tf.FixedLenFeature([], tf.int64)
    parsed = tf.parse_single_example(serialized, features=spec)
    pixels = tf.cast(parsed['pixels'], tf.float32) * 0.5
    labels = [tf.cast(parsed[name], tf.int32) for name in label_names]
    if len(labels) == 1:
        labels = labels[0]
    return pixels, labels


def read_batch(pixels, labels, batch_size, shuffle=True, capacity=64):
    if isinstance(labels, list):
        tensors = [pixels] + labels
    else:
        tensors = [pixels, labels]
    if shuffle:
        out = tf.train.shuffle_batch(tensors, batch_size=batch_size, capacity=capacity, min_after_dequeue=8,
                                     num_threads=3)
    else:
        out = tf.train.batch(tensors, batch_size=batch_size, capacity=capacity)
    return out
