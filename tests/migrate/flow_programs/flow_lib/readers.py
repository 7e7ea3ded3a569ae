"""Reader functions that take the filename queue: a CSV row as a dict, a TFRecord example as a tuple."""

import tensorflow.compat.v1 as tf

COLUMNS = ['a', 'b', 'label']


def parse_row(line):
    values = tf.decode_csv(line, record_defaults=[[0], [0.0], [0]])
    row = dict(zip(COLUMNS, values))
    row['bucket'] = row['a'] % 7
    return row


def read_row(filename_queue):
    reader = tf.TextLineReader(skip_header_lines=1)
    _, line = reader.read(filename_queue)
    return parse_row(line)


def read_example(filename_queue, scale=2.0):
    _, serialized = tf.TFRecordReader().read(filename_queue)
    parsed = tf.parse_single_example(serialized, {'x': tf.FixedLenFeature([3], tf.float32),
                                                  'label': tf.FixedLenFeature([], tf.int64)})
    return parsed['x'] * scale, parsed['label']
