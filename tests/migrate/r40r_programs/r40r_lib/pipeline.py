import tensorflow.compat.v1 as tf

QUEUE_MULTIPLE = 10
NUM_COLUMNS = 4
NUM_CLASSES = 3


def preprocess(features, labels):
    features = tf.reshape(tf.stack(features, axis=1), [-1, 2, 2])
    return features, tf.one_hot(labels, NUM_CLASSES)


def read_file(filename_queue, batch_size, skip_header_lines=True):
    reader = tf.TextLineReader(skip_header_lines=skip_header_lines)
    _, rows = reader.read_up_to(filename_queue, num_records=batch_size)
    features = tf.decode_csv(rows, record_defaults=[[0]] * (NUM_COLUMNS + 1))
    labels = features.pop(0)
    return preprocess(features, labels)


def batch(features, labels, batch_size, shuffle=True):
    capacity = batch_size * QUEUE_MULTIPLE
    if shuffle:
        features_batch, label_batch = tf.train.shuffle_batch(
            [features, labels], batch_size=batch_size, capacity=capacity,
            min_after_dequeue=batch_size, enqueue_many=True, seed=3)
    else:
        features_batch, label_batch = tf.train.batch(
            [features, labels], batch_size=batch_size, num_threads=1, capacity=capacity,
            enqueue_many=True, allow_smaller_final_batch=True)
    return features_batch, label_batch


def input_pipeline(filenames, num_epochs=1, batch_size=5, shuffle=True):
    with tf.name_scope('input_pipeline'):
        filename_queue = tf.train.string_input_producer(filenames, num_epochs=num_epochs, shuffle=False)
        features, labels = read_file(filename_queue, batch_size)
        return batch(features, labels, batch_size, shuffle)
