"""Per-time-step features parsed in a Python loop over one record (video prediction's ``build_tfrecord_input``),
the settings in a module-level flags object."""

import tensorflow.compat.v1 as tf


class _Flags(object):
    sequence_length = 3
    use_state = True


FLAGS = _Flags()


def build_input(files, batch_size):
    filename_queue = tf.train.string_input_producer(files, shuffle=False, num_epochs=1)
    reader = tf.TFRecordReader()
    _, serialized_example = reader.read(filename_queue)
    image_seq, state_seq = [], []
    for i in range(FLAGS.sequence_length):
        features = {'x': tf.FixedLenFeature([3], tf.float32), 'label': tf.FixedLenFeature([], tf.int64)}
        features = tf.parse_single_example(serialized_example, features=features)
        frame = tf.reshape(features['x'][i] * float(i + 1), [1])
        image_seq.append(frame)
        if FLAGS.use_state:
            state = tf.cast(features['label'], tf.float32) + i
            state_seq.append(tf.reshape(state, [1]))
    image_seq = tf.concat(axis=0, values=image_seq)
    state_seq = tf.concat(axis=0, values=state_seq)
    image_batch, state_batch = tf.train.batch([image_seq, state_seq], batch_size, num_threads=1, capacity=40)
    return image_batch, state_batch
