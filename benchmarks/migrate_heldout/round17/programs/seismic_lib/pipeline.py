import tensorflow.compat.v1 as tf

from . import constants
from .decode import decode_trace


def trace_batches(paths, batch_size, num_epochs=1):
    with tf.name_scope("traces"):
        queue = tf.train.string_input_producer(paths, num_epochs=num_epochs, shuffle=False)
        reader = tf.FixedLengthRecordReader(record_bytes=constants.RECORD_BYTES)
        _, record = reader.read(queue)
        station, trace, peak, energy = decode_trace(record)
        return tf.train.batch([station, trace, peak, energy], batch_size=batch_size,
                              allow_smaller_final_batch=True)
