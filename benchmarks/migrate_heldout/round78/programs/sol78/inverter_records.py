import os

import tensorflow.compat.v1 as tf


INPUTS_SIZE = (6, 1, 1)
NUM_CLASSES = 2


def read_and_decode(filename_queue, scope=None):
        # read
        with tf.name_scope(scope or 'read_and_decode'):
            reader = tf.TFRecordReader()
            _, serialized_example = reader.read(filename_queue)

            feature_map = {
                'x': tf.FixedLenFeature(
                    shape=[], dtype=tf.string),
                'y': tf.FixedLenFeature(
                    shape=[], dtype=tf.int64,
                    default_value=None),
                'panel_id': tf.FixedLenFeature(
                    shape=[], dtype=tf.int64,
                    default_value=-1)
            }
            parsed = tf.parse_single_example(serialized_example, feature_map)

            # decode
            width = INPUTS_SIZE[0]
            height = INPUTS_SIZE[1]
            depth = INPUTS_SIZE[2]

            features = tf.decode_raw(parsed['x'], tf.int64)
            features = tf.reshape(features, [width, height, depth])
            features = tf.cast(features, tf.float32) / 1000.0

            label = tf.one_hot(tf.cast(parsed['y'], tf.int32), NUM_CLASSES)

            return parsed['panel_id'], features, label


def inputs(data_dir, batch_size, num_epochs=None, scope=None):
        with tf.name_scope(scope or 'inputs'):
            filenames = [os.path.join(data_dir, f) for f in sorted(os.listdir(data_dir))
                         if f.endswith('.tfrecords')]
            filename_queue = tf.train.string_input_producer(
                filenames, num_epochs=num_epochs, shuffle=True, seed=31)

            panel_id, features, label = read_and_decode(filename_queue)

            ids, x, y = tf.train.shuffle_batch(
                [panel_id, features, label], batch_size=batch_size,
                num_threads=2, capacity=100 + 3 * batch_size,
                min_after_dequeue=4, seed=31)

            return ids, x, y
