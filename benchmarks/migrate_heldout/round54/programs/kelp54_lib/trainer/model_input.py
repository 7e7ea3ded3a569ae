import kelp54_lib.trainer.training_util as u
import tensorflow as tf


# integer, example queue capacity as a multiple of the batch size
# e.g. '10' creates an example queue size 10 times the size of a batch
EXAMPLE_QUEUE_CAPACITY_MULTI = 10
# between 0 and 1, min elements in the shuffle queue as a percentage of the queue capacity
# e.g. '0.4' creates an example queue which is always at least 40% full
EXAMPLE_QUEUE_MIN_THRESHOLD = 0.4
# number of threads enqueing the example queue
EXAMPLE_QUEUE_NUM_THREADS = 1


def preprocess_features(features, labels):
    """
    :param features: 2-D Tensor. shape is [N, 6]  (H*W*C = 2*3*1 = 6)
    :param labels: 1-D Tensor. shape is [N]  (3 growth stages)
    :return: 4-D Tensor [N, 2, 3, 1] and 2-D one-hot labels [N, 3]
    """
    # TODO tf.nn.batch_normalization ?
    features = tf.reshape(features, [-1, 2, 3, 1]) / 255.0
    labels = tf.one_hot(labels, u.NUM_STAGES)
    return features, labels


def input_fn(filenames, batch_size, num_epochs=None):
    filename_queue = tf.compat.v1.train.string_input_producer(filenames, num_epochs=num_epochs, shuffle=True, seed=54)
    line_id, features, label = u.read_csv_examples(filename_queue)
    capacity = EXAMPLE_QUEUE_CAPACITY_MULTI * batch_size
    ids, feature_batch, label_batch = tf.compat.v1.train.shuffle_batch(
        [line_id, features, label],
        batch_size=batch_size,
        capacity=capacity,
        min_after_dequeue=int(capacity * EXAMPLE_QUEUE_MIN_THRESHOLD),
        num_threads=EXAMPLE_QUEUE_NUM_THREADS,
        seed=54)
    feature_batch, label_batch = preprocess_features(feature_batch, label_batch)
    return ids, feature_batch, label_batch
