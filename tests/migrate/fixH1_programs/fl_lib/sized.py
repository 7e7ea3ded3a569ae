"""The read size chosen at run time: the flag cannot be known when migrating."""
import tensorflow.compat.v1 as tf


def read_sized(files, batch_size, read_size=1):
    queue = tf.train.string_input_producer(files, shuffle=False, num_epochs=1)
    reader = tf.TFRecordReader()
    if read_size > 1:
        _, rows = reader.read_up_to(queue, read_size)
        grouped = True
    else:
        _, rows = reader.read(queue)
        grouped = False
    return tf.train.batch([rows], batch_size, enqueue_many=grouped)
