"""An OrderedDict of (key, placeholder) pairs handed to another module's function that makes, feeds (one thread)
and dequeues the queue."""
import collections

import tensorflow.compat.v1 as tf

from r33f_lib import feeding, rows


def main(data_dir):
    path = rows.write_hours(data_dir, 'ordered')
    placeholders = collections.OrderedDict([
        ('features', tf.placeholder(tf.float32, [None, 3])),
        ('count', tf.placeholder(tf.int32, [None])),
    ])
    batches, end = feeding.feed_batches(placeholders, path)
    return {'batches': batches, 'end': end}
