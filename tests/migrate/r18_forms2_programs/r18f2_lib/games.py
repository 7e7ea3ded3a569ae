"""A reader class of another module: the queue and the reader made in `__init__`, read by `record()`."""
import tensorflow.compat.v1 as tf


class LabelReader(object):
    def __init__(self, files, epochs=1):
        self.filename_queue = tf.train.string_input_producer(files, num_epochs=epochs, shuffle=False)
        self.record_reader = tf.TFRecordReader()

    def record(self):
        _, serialized = self.record_reader.read(self.filename_queue)
        parsed = tf.parse_single_example(serialized, {"label": tf.FixedLenFeature([], tf.int64)})
        return [parsed["label"], parsed["label"] % 3]
