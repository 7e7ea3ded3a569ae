"""Input pipeline of `namedtuple_batch_other_module`: nested functions (`_read` and `_parse` defined inside
`build_input`, closing over its arguments) and the batch returned as a namedtuple."""

import collections
import os

import tensorflow.compat.v1 as tf

InputBatch = collections.namedtuple('InputBatch', ['ids', 'pairs', 'labels'])


def build_input(data_dir, batch_size=7, num_epochs=1, num_classes=4):
    files = [os.path.join(data_dir, 'fixed-%d.bin' % i) for i in range(3)]

    def _parse(value):
        record = tf.decode_raw(value, tf.int32)
        record.set_shape([2])
        ident = record[0]
        pair = tf.stack([record[0], record[1]])
        label = tf.floormod(record[1], num_classes)
        return ident, pair, label

    def _read(queue):
        reader = tf.FixedLengthRecordReader(record_bytes=8, header_bytes=4)
        _, value = reader.read(queue)
        return _parse(value)

    with tf.name_scope('fixed_input'):
        queue = tf.train.string_input_producer(files, num_epochs=num_epochs, shuffle=False)
        ident, pair, label = _read(queue)
        ids, pairs, labels = tf.train.batch([ident, pair, label], batch_size,
                                            allow_smaller_final_batch=True)
    return InputBatch(ids=ids, pairs=pairs, labels=labels)
