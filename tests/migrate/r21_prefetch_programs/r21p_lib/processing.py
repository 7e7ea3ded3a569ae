"""After Inception's image_processing: an examples queue filled by `num_readers` readers of the data set's own
reader (or one reader read directly), one dequeue parsed by each preprocessing copy, `batch_join`."""

import tensorflow.compat.v1 as tf

NUM_READERS = 2
NUM_PREPROCESS_THREADS = 2


def parse_example_proto(example_serialized):
    features = tf.parse_single_example(example_serialized, {
        "x": tf.FixedLenFeature([3], dtype=tf.float32),
        "label": tf.FixedLenFeature([1], dtype=tf.int64, default_value=-1)})
    label = tf.cast(features["label"], dtype=tf.int32)
    return features["x"], label


def preprocess(x, thread_id=0):
    with tf.name_scope("preprocess_%d" % thread_id):
        return tf.subtract(tf.multiply(x, 2.0), 1.0)


def inputs(dataset, batch_size=5, num_readers=None):
    with tf.device("/cpu:0"):
        return batch_inputs(dataset, batch_size, train=False, num_readers=num_readers)


def batch_inputs(dataset, batch_size, train, num_preprocess_threads=None, num_readers=1):
    with tf.name_scope("batch_processing"):
        data_files = dataset.data_files()
        if train:
            filename_queue = tf.train.string_input_producer(data_files, shuffle=True, capacity=16)
        else:
            filename_queue = tf.train.string_input_producer(data_files, shuffle=False, capacity=1, num_epochs=1)
        if num_preprocess_threads is None:
            num_preprocess_threads = NUM_PREPROCESS_THREADS
        if num_readers is None:
            num_readers = NUM_READERS
        if train:
            examples_queue = tf.RandomShuffleQueue(capacity=40, min_after_dequeue=8, dtypes=[tf.string])
        else:
            examples_queue = tf.FIFOQueue(capacity=20, dtypes=[tf.string])
        if num_readers > 1:
            enqueue_ops = []
            for _ in range(num_readers):
                reader = dataset.reader()
                _, value = reader.read(filename_queue)
                enqueue_ops.append(examples_queue.enqueue([value]))
            tf.train.queue_runner.add_queue_runner(tf.train.queue_runner.QueueRunner(examples_queue, enqueue_ops))
            example_serialized = examples_queue.dequeue()
        else:
            reader = dataset.reader()
            _, example_serialized = reader.read(filename_queue)
        images_and_labels = []
        for thread_id in range(num_preprocess_threads):
            x, label_index = parse_example_proto(example_serialized)
            x = preprocess(x, thread_id)
            images_and_labels.append([x, label_index])
        xs, label_index_batch = tf.train.batch_join(images_and_labels, batch_size=batch_size,
                                                    capacity=2 * num_preprocess_threads * batch_size,
                                                    allow_smaller_final_batch=True)
        return xs, tf.reshape(label_index_batch, [-1])
