import tensorflow as tf

from glass55_lib.settings import EXAMPLE_QUEUE_CAPACITY_MULTI, EXAMPLE_QUEUE_MIN_THRESHOLD, \
    EXAMPLE_QUEUE_NUM_THREADS

tf1 = tf.compat.v1

NUM_OXIDES = 4  # cobalt, copper, gold, manganese (weight per mille)


def preprocess_features(features):
    """
    :param features: 1-D Tensor. shape is [NUM_OXIDES] per mille values
    :return: 1-D Tensor. shape is [NUM_OXIDES] fractions
    """
    # TODO tf.nn.batch_normalization ?
    features = tf.cast(features, tf.float32)
    return features / 1000.0


def read_melt(filename_queue):
    reader = tf1.TextLineReader(skip_header_lines=1)
    _, line = reader.read(filename_queue)
    melt_id, co, cu, au, mn, hue = tf1.decode_csv(line, [[0], [0], [0], [0], [0], ['']])
    return melt_id, preprocess_features(tf.stack([co, cu, au, mn])), hue


def example_queue(filenames, batch_size, num_epochs=1, seed=55):
    filename_queue = tf1.train.string_input_producer(filenames, num_epochs=num_epochs, shuffle=False)
    melt_id, oxides, hue = read_melt(filename_queue)

    capacity = EXAMPLE_QUEUE_CAPACITY_MULTI * batch_size
    min_after_dequeue = int(capacity * EXAMPLE_QUEUE_MIN_THRESHOLD)
    queue = tf1.RandomShuffleQueue(capacity=capacity, min_after_dequeue=min_after_dequeue,
                                   dtypes=[tf.int32, tf.float32, tf.string],
                                   shapes=[[], [NUM_OXIDES], []], seed=seed, name='example_queue')
    enqueue_op = queue.enqueue([melt_id, oxides, hue])
    tf1.train.add_queue_runner(tf1.train.QueueRunner(queue, [enqueue_op] * EXAMPLE_QUEUE_NUM_THREADS))
    return queue.dequeue_many(batch_size)
