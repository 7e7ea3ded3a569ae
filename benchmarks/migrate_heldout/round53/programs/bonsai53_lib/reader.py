import tensorflow.compat.v1 as tf


class WateringLogReader(object):
    """Reads the watering log (header skipped) and hands out batches."""

    record_defaults = [[0], [""], [0], [0.0]]

    def __init__(self, csv_path, batch_size=2, num_epochs=1):
        self.csv_path = csv_path
        self.batch_size = batch_size
        self.num_epochs = num_epochs

    def _decode(self, line):
        tree, species, ml, days = tf.decode_csv(line, record_defaults=self.record_defaults)
        return tree, species, tf.cast(ml, tf.float32) / 1000.0, days

    def read(self):
        filename_queue = tf.train.string_input_producer([self.csv_path], num_epochs=self.num_epochs,
                                                        shuffle=False)
        reader = tf.TextLineReader(skip_header_lines=1)
        _, line = reader.read(filename_queue)
        return self._decode(line)

    def batch(self):
        tree, species, litres, days = self.read()
        return tf.train.batch([tree, species, litres, days], batch_size=self.batch_size,
                              capacity=4 * self.batch_size)
