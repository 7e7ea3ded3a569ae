"""Dispensing events written by the pharmacy system, one tf.Example per fill."""
import tensorflow.compat.v1 as tf

FEATURES = {
    'ndc': tf.FixedLenFeature([], tf.string),
    'quantity': tf.FixedLenFeature([], tf.int64),
    'days_supply': tf.FixedLenFeature([], tf.int64),
    'controlled': tf.FixedLenFeature([], tf.int64, default_value=0),
}


def dispensing_batch(path, batch_size):
  queue = tf.train.string_input_producer([path], shuffle=False)
  _, serialized = tf.TFRecordReader().read(queue)
  parsed = tf.parse_single_example(serialized, FEATURES)
  daily_dose = tf.cast(parsed['quantity'], tf.float32) / tf.cast(parsed['days_supply'], tf.float32)
  return tf.train.batch([parsed['ndc'], daily_dose, parsed['controlled']], batch_size=batch_size,
                        num_threads=1, capacity=batch_size * 2)
