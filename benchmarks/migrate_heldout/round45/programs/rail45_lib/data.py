import tensorflow as tf

v1 = tf.compat.v1

READINGS_PER_RUN = 12


def _parse(serialized):
    features = v1.parse_single_example(serialized, features={
        "readings": v1.FixedLenFeature([READINGS_PER_RUN], tf.float32),
        "axle_counter": v1.FixedLenFeature([], tf.int64),
        "segment": v1.FixedLenFeature([], tf.string),
    })
    return features


def get_input_fn(input_file_names, batch_size, num_epochs, shuffle, window_size, stride):
    def _input_fn():
        filename_queue = v1.train.string_input_producer(
            input_file_names, num_epochs=num_epochs, shuffle=shuffle, seed=45)
        reader = v1.TFRecordReader()
        _, serialized = reader.read(filename_queue)
        features = _parse(serialized)

        # cut the run into windows; every window keeps the run's labels
        windows = tf.signal.frame(features["readings"], window_size, stride, axis=0)
        n_windows = tf.shape(windows)[0]
        # the window's start index along the run (so windows of one run stay apart)
        offsets = tf.range(n_windows) * stride
        axles = tf.fill([n_windows], features["axle_counter"]) + tf.cast(offsets, tf.int64)
        segments = tf.fill([n_windows], features["segment"])

        tensors = [windows, axles, segments]
        if shuffle:
            batch = v1.train.shuffle_batch(
                tensors, batch_size=batch_size, capacity=4 * batch_size,
                min_after_dequeue=batch_size, enqueue_many=True, seed=45,
                shapes=[[window_size], [], []])
        else:
            batch = v1.train.batch(tensors, batch_size=batch_size, enqueue_many=True,
                                   shapes=[[window_size], [], []])
        return {"windows": batch[0], "segment": batch[2]}, batch[1]

    return _input_fn
