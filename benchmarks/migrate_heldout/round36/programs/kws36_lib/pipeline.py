"""One reader per preprocessing thread, joined by shuffle_batch_join."""
import tensorflow as tf

from kws36_lib.features import read_clip


def get_batch(paths, batch_size, num_readers=2):
    filename_queue = tf.compat.v1.train.string_input_producer(paths, num_epochs=1, shuffle=True, seed=36)
    clip_list = [read_clip(filename_queue) for _ in range(num_readers)]
    return tf.compat.v1.train.shuffle_batch_join(clip_list, batch_size=batch_size, capacity=20,
                                                 min_after_dequeue=4, seed=36)
