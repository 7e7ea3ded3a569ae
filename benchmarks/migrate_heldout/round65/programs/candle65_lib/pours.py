import tensorflow.compat.v1 as tf

from candle65_lib.stamps import PourStamper


class PourReader(object):
    def __init__(self, filenames, batch_size):
        self.filenames = filenames
        self.batch_size = batch_size
        self.stamper = PourStamper()

    def inputs(self):
        filename_queue = tf.train.string_input_producer(self.filenames, num_epochs=1, shuffle=False)
        reader = tf.TextLineReader()
        _, value = reader.read(filename_queue)
        pour_id, wax, wick_mm, burn_hours = tf.decode_csv(value, record_defaults=[[0], [""], [0.0], [0.0]],
                                                         field_delim=";")
        nth, running = tf.py_func(self.stamper, [wax, burn_hours], [tf.int32, tf.float32], stateful=True)
        nth.set_shape([])
        running.set_shape([])
        return tf.train.batch([pour_id, wax, nth, running, burn_hours / wick_mm], batch_size=self.batch_size,
                              num_threads=1)
