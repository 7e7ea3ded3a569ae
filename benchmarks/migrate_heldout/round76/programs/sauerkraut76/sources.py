# Company-style record source (written from knowledge of plant-telemetry code, no single file): a
# `BinaryRecordSource` describing a logger's fixed-length records behind a file header, with `read(queue)`
# returning one decoded record and `batches(files, batch_size, num_epochs)` building the producer and batch.
import tensorflow.compat.v1 as tf


class BinaryRecordSource(object):
    HEADER_BYTES = 8
    FIELDS = ('day', 'ph', 'temp_c', 'salt_pct')

    def __init__(self, name='crock'):
        self.name = name
        self.record_bytes = 4 * len(self.FIELDS)

    def read(self, filename_queue):
        reader = tf.FixedLengthRecordReader(record_bytes=self.record_bytes,
                                            header_bytes=self.HEADER_BYTES)
        key, value = reader.read(filename_queue)
        record = tf.decode_raw(value, tf.float32)
        record.set_shape([len(self.FIELDS)])
        day = tf.cast(record[0], tf.int32)
        return key, day, record[1:]

    def batches(self, files, batch_size, num_epochs=1):
        with tf.name_scope(self.name + '_input'):
            filename_queue = tf.train.string_input_producer(files, num_epochs=num_epochs, shuffle=False)
            _, day, values = self.read(filename_queue)
            return tf.train.batch([day, values], batch_size=batch_size, num_threads=1,
                                  capacity=4 * batch_size)
