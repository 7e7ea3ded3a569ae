"""Read and preprocess records (inception's image_processing.py layout): an examples queue filled by several
readers through a QueueRunner, several preprocessing threads, and a batch_join."""

import tensorflow.compat.v1 as tf
from tensorflow.compat.v1 import train


def parse_example_proto(example_serialized):
    feature_map = {
        'x': tf.FixedLenFeature([3], dtype=tf.float32),
        'label': tf.FixedLenFeature([1], dtype=tf.int64, default_value=-1),
    }
    features = tf.parse_single_example(example_serialized, feature_map)
    label = tf.cast(features['label'], dtype=tf.int32)
    return features['x'], label


def preprocess(values, train_mode, thread_id=0):
    if train_mode:
        return values * 1.0 + 0.0 * thread_id
    return values - values[0]


def batch_inputs(dataset, batch_size, train_mode, num_preprocess_threads=None, num_readers=1,
                 num_epochs=None, input_queue_memory_factor=1):
    with tf.name_scope('batch_processing'):
        data_files = dataset.data_files()
        if data_files is None:
            raise ValueError('No data files found for this dataset')

        if train_mode:
            filename_queue = train.string_input_producer(data_files, shuffle=True, capacity=16,
                                                        num_epochs=num_epochs)
        else:
            filename_queue = train.string_input_producer(data_files, shuffle=False, capacity=1,
                                                        num_epochs=num_epochs)
        if num_preprocess_threads is None:
            num_preprocess_threads = 2
        if num_preprocess_threads % 2:
            raise ValueError('Please make num_preprocess_threads a multiple of 2 (%d % 2 != 0).',
                             num_preprocess_threads)
        if num_readers is None:
            num_readers = 1
        if num_readers < 1:
            raise ValueError('Please make num_readers at least 1')

        examples_per_shard = 45
        min_queue_examples = examples_per_shard * input_queue_memory_factor
        if train_mode:
            examples_queue = tf.RandomShuffleQueue(
                capacity=min_queue_examples + 3 * batch_size, min_after_dequeue=min_queue_examples,
                dtypes=[tf.string])
        else:
            examples_queue = tf.FIFOQueue(capacity=examples_per_shard + 3 * batch_size, dtypes=[tf.string])

        if num_readers > 1:
            enqueue_ops = []
            for _ in range(num_readers):
                reader = dataset.reader()
                _, value = reader.read(filename_queue)
                enqueue_ops.append(examples_queue.enqueue([value]))
            train.queue_runner.add_queue_runner(train.queue_runner.QueueRunner(examples_queue, enqueue_ops))
            example_serialized = examples_queue.dequeue()
        else:
            reader = dataset.reader()
            _, example_serialized = reader.read(filename_queue)

        values_and_labels = []
        for thread_id in range(num_preprocess_threads):
            values, label_index = parse_example_proto(example_serialized)
            values = preprocess(values, train_mode, thread_id)
            values_and_labels.append([values, label_index])

        values, label_index_batch = train.batch_join(
            values_and_labels, batch_size=batch_size,
            capacity=2 * num_preprocess_threads * batch_size)
        return values, tf.reshape(label_index_batch, [batch_size])


def distorted_inputs(dataset, batch_size, num_preprocess_threads=None, num_readers=None, num_epochs=None):
    with tf.device('/cpu:0'):
        return batch_inputs(dataset, batch_size, train_mode=True, num_preprocess_threads=num_preprocess_threads,
                            num_readers=num_readers, num_epochs=num_epochs)
