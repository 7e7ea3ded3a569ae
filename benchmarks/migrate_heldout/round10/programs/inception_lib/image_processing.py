"""Inception's batch_inputs shape: several readers enqueue into one RandomShuffleQueue (one QueueRunner over
all their enqueue ops); one dequeue shared by every preprocessing thread's list; `batch_join`."""

import tensorflow.compat.v1 as tf


def parse_example_proto(example_serialized):
    feature_map = {
        "x": tf.FixedLenFeature([3], dtype=tf.float32),
        "label": tf.FixedLenFeature([1], dtype=tf.int64, default_value=-1),
    }
    features = tf.parse_single_example(example_serialized, feature_map)
    label = tf.cast(features["label"], dtype=tf.int32)
    return features["x"], label


def preprocess(x, thread_id):
    # every thread does the same work; real code varied the distortion by thread_id
    del thread_id
    return x * 2.0 - 1.0


def batch_inputs(dataset, batch_size, train, num_preprocess_threads=4, num_readers=2,
                 examples_per_shard=45, input_queue_memory_factor=2, num_epochs=None):
    with tf.name_scope("batch_processing"):
        data_files = dataset.data_files()
        if data_files is None:
            raise ValueError("No data files found for this dataset")
        filename_queue = tf.train.string_input_producer(data_files, shuffle=train, capacity=16,
                                                        num_epochs=num_epochs, seed=3)
        min_queue_examples = examples_per_shard * input_queue_memory_factor
        if train:
            examples_queue = tf.RandomShuffleQueue(
                capacity=min_queue_examples + 3 * batch_size,
                min_after_dequeue=min_queue_examples,
                dtypes=[tf.string], seed=5)
        else:
            examples_queue = tf.FIFOQueue(capacity=examples_per_shard + 3 * batch_size, dtypes=[tf.string])

        if num_readers > 1:
            enqueue_ops = []
            for _ in range(num_readers):
                reader = dataset.reader()
                _, value = reader.read(filename_queue)
                enqueue_ops.append(examples_queue.enqueue([value]))
            tf.train.queue_runner.add_queue_runner(
                tf.train.queue_runner.QueueRunner(examples_queue, enqueue_ops))
            example_serialized = examples_queue.dequeue()
        else:
            reader = dataset.reader()
            _, example_serialized = reader.read(filename_queue)

        images_and_labels = []
        for thread_id in range(num_preprocess_threads):
            x, label_index = parse_example_proto(example_serialized)
            image = preprocess(x, thread_id)
            images_and_labels.append([image, label_index])

        images, label_index_batch = tf.train.batch_join(
            images_and_labels, batch_size=batch_size, capacity=2 * num_preprocess_threads * batch_size,
            allow_smaller_final_batch=True)
        return images, tf.reshape(label_index_batch, [-1])
