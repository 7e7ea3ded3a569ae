"""Stand-in for `tf.contrib.learn.read_batch_features` (contrib's learn_io graph_io), written with the queue API
it was built on: a file-name producer, one reader per thread, a (shuffle_)batch_join of serialized examples,
`parse_example` after the batch."""
import glob

import tensorflow.compat.v1 as tf


def read_batch_features(file_pattern, batch_size, features, reader, randomize_input=True, num_epochs=None,
                        queue_capacity=10000, reader_num_threads=1, name=None):
    with tf.name_scope(name, 'read_batch_features'):
        if isinstance(file_pattern, str):
            file_pattern = [file_pattern]
        file_names = sorted(f for p in file_pattern for f in glob.glob(p))
        file_name_queue = tf.train.string_input_producer(
            file_names, shuffle=randomize_input, num_epochs=num_epochs, seed=69, name='file_name_queue')
        example_list = []
        for _ in range(reader_num_threads):
            _, example = reader().read(file_name_queue)
            example_list.append([example])
        if randomize_input:
            examples = tf.train.shuffle_batch_join(
                example_list, batch_size, capacity=queue_capacity, min_after_dequeue=min(queue_capacity // 2, 6),
                seed=69, allow_smaller_final_batch=True, name='random_shuffle_queue')
        else:
            examples = tf.train.batch_join(example_list, batch_size, capacity=queue_capacity,
                                           allow_smaller_final_batch=True, name='fifo_queue')
        return tf.parse_example(examples, features)


class ModeKeys(object):
    """Stand-in for `tf.estimator.ModeKeys` (the estimator package is gone from TensorFlow 2.16+)."""
    TRAIN = 'train'
    EVAL = 'eval'
    PREDICT = 'infer'
