"""Reader helpers returning a (features, label) tuple, and batch helpers taking it as one parameter."""
import tensorflow.compat.v1 as tf


def write_records(path, n, seed):
    rows = [((seed * 7 + i * 3) % 11, (seed + i) % 4) for i in range(n)]
    with tf.python_io.TFRecordWriter(path) as w:
        for value, label in rows:
            ex = tf.train.Example(features=tf.train.Features(feature={
                'value': tf.train.Feature(int64_list=tf.train.Int64List(value=[value])),
                'label': tf.train.Feature(int64_list=tf.train.Int64List(value=[label])),
            }))
            w.write(ex.SerializeToString())


def _parse(serialized):
    parsed = tf.parse_single_example(serialized, {
        'value': tf.FixedLenFeature([], tf.int64),
        'label': tf.FixedLenFeature([], tf.int64)})
    return {'value': parsed['value'], 'twice': parsed['value'] * 2}, parsed['label']


def read_pairs(path, epochs):
    queue = tf.train.string_input_producer([path], num_epochs=epochs, shuffle=False)
    _, serialized = tf.TFRecordReader().read(queue)
    features, label = _parse(serialized)
    return features, label


def batched_pairs(pair, batch_size):
    features, label = pair
    features['label'] = label
    batch = tf.train.batch(features, batch_size=batch_size, allow_smaller_final_batch=True)
    labels = batch.pop('label')
    return batch, labels


def unused_input_fn(pair, batch_size):
    features, label = pair
    features['label'] = label
    batch = tf.train.batch(features, batch_size=batch_size)
    labels = batch.pop('label')
    return batch, labels

