"""A builder whose nested reader takes its file queue by keyword (`_records(queue=queue)`) and returns a dict."""

import tensorflow.compat.v1 as tf


def make_batch(files, batch_size, offset=100):
    def _records(queue):
        reader = tf.FixedLengthRecordReader(record_bytes=8, header_bytes=4)
        _, value = reader.read(queue)
        record = tf.decode_raw(value, tf.int32)
        return {'id': record[0] + offset, 'value': record[1]}

    with tf.name_scope('fixed_records'):
        queue = tf.train.string_input_producer(files, num_epochs=1, shuffle=False)
        example = _records(queue=queue)
        return tf.train.batch(example, batch_size=batch_size, allow_smaller_final_batch=True)
