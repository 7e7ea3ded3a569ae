import tensorflow.compat.v1 as tf


def read_and_decode(filename_queue):
    reader = tf.TFRecordReader()
    _, serialized_example = reader.read(filename_queue)
    features = tf.parse_single_example(
        serialized_example,
        # Defaults are not specified since all keys are required.
        features={
            "dive_id": tf.FixedLenFeature([], tf.int64),
            "depth_m": tf.FixedLenFeature([], tf.float32),
            "visibility_m": tf.FixedLenFeature([], tf.float32),
            "site": tf.FixedLenFeature([], tf.string),
        })
    dive_id = tf.cast(features["dive_id"], tf.int32)
    conditions = tf.stack([features["depth_m"], features["visibility_m"]])
    return dive_id, conditions, features["site"]


def inputs(file_pattern, batch_size, num_epochs):
    with tf.name_scope("input"):
        # match_filenames_once gives a local variable; read it as a tensor for the producer
        files = tf.convert_to_tensor(tf.train.match_filenames_once(file_pattern))
        filename_queue = tf.train.string_input_producer(files, num_epochs=num_epochs)
        dive_id, conditions, site = read_and_decode(filename_queue)
        min_after_dequeue = 4
        capacity = min_after_dequeue + 3 * batch_size
        ids, conds, sites = tf.train.shuffle_batch(
            [dive_id, conditions, site], batch_size=batch_size, num_threads=2,
            capacity=capacity, min_after_dequeue=min_after_dequeue)
    return ids, conds, sites
