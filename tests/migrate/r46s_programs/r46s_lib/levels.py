"""A helper whose per-element code reads a variable it makes with `get_variable` (a baseline level), returning
the batch unpacked."""
import numpy as np
import tensorflow.compat.v1 as tf


def level_batches(path, baseline):
    filename_queue = tf.train.string_input_producer([path], num_epochs=1, shuffle=False)
    reader = tf.FixedLengthRecordReader(record_bytes=4)
    _, record = reader.read(filename_queue)
    level = tf.reshape(tf.cast(tf.decode_raw(record, tf.uint8), tf.float32), [4])
    base = tf.get_variable("baseline", initializer=np.asarray(baseline, np.float32), trainable=False)
    above = tf.reduce_sum(tf.nn.relu(level - base))
    levels, aboves = tf.train.batch([level, above], batch_size=3)
    return levels, aboves
