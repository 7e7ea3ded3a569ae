"""slice_input_producer over (files, labels) and a two-thread batch."""
import tensorflow.compat.v1 as tf

from galaxy36_lib.images import decode_galaxy


def load_batches(files, labels, batch_size):
    files_t = tf.convert_to_tensor(files, dtype=tf.string)
    labels_t = tf.convert_to_tensor(labels, dtype=tf.int32)
    path, label = tf.train.slice_input_producer([files_t, labels_t], num_epochs=1, shuffle=True, seed=4)
    image = decode_galaxy(path)
    return tf.train.batch([image, label, path], batch_size=batch_size, num_threads=2, capacity=16)
