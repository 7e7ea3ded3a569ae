"""Stand-in for tf.contrib.training.bucket_by_sequence_length (gone from TensorFlow 2): one bucket, a padded
batch of the dict with the lengths carried alongside, returned as (lengths, tensors)."""
import tensorflow.compat.v1 as tf


def bucket_by_sequence_length(input_length, tensors, batch_size, bucket_boundaries, capacity=32,
                              dynamic_pad=False, name=None):
    del bucket_boundaries  # one bucket here
    with tf.name_scope(name, 'bucket_by_sequence_length'):
        joined = dict(tensors)
        joined['__input_length'] = input_length
        out = tf.train.batch(joined, batch_size=batch_size, capacity=capacity, dynamic_pad=dynamic_pad)
        lengths = out.pop('__input_length')
        return lengths, out
