"""Reader classes in the YouTube-8M style: a base with `prepare_reader(filename_queue)` and a subclass that reads
a CSV row; the object is made by a program and handed to `rows.joined_rows` (another module)."""

import tensorflow.compat.v1 as tf


class BaseReader(object):

    def prepare_reader(self, unused_filename_queue):
        raise NotImplementedError()


class CsvRowReader(BaseReader):

    def __init__(self, scale=1.0):
        self.scale = scale

    def prepare_reader(self, filename_queue):
        reader = tf.TextLineReader(skip_header_lines=1)
        _, line = reader.read(filename_queue)
        a, b, label = tf.decode_csv(line, record_defaults=[[0], [0.0], [0]])
        return [tf.cast(a, tf.float32) * self.scale + b, label]
