"""core/database/queue/data_prefetch.py: batching helpers of the framework."""
import tensorflow.compat.v1 as tf


def generate_batch(X, batch_size, shuffle, num_threads=1, min_queue_num=8, allow_smaller=True):
    """ X is a list of tensors of one example """
    if shuffle:
        return tf.train.shuffle_batch(
            tensors=X, batch_size=batch_size, capacity=min_queue_num + 3 * batch_size,
            min_after_dequeue=min_queue_num, num_threads=num_threads)
    return tf.train.batch(
        tensors=X, batch_size=batch_size, capacity=min_queue_num + 3 * batch_size,
        num_threads=num_threads, allow_smaller_final_batch=allow_smaller)
