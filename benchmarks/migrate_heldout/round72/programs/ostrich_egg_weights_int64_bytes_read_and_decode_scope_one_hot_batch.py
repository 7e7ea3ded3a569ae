"""Ostrich egg weights: a research tabular reader (int64 bytes as a [5, 1, 1] "image", one-hot labels)."""
import os

import numpy as np
import tensorflow.compat.v1 as tf


INPUTS_SIZE = (5, 1, 1)
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
                    default_value=None)
            }
            parsed = tf.parse_single_example(serialized_example, feature_map)

            # decode
            width = INPUTS_SIZE[0]
            height = INPUTS_SIZE[1]
            depth = INPUTS_SIZE[2]

            features = tf.decode_raw(parsed['x'], tf.int64)
            features = tf.reshape(features, [width, height, depth])
            features = tf.cast(features, tf.float32)

            label = tf.one_hot(parsed['y'], NUM_CLASSES)
            return features, label


def inputs(filenames, batch_size, num_epochs=None, scope=None):
        with tf.name_scope(scope or 'inputs'):
            filename_queue = tf.train.string_input_producer(
                filenames, num_epochs=num_epochs, shuffle=False)
            x, y = read_and_decode(filename_queue)
            x_batch, y_batch = tf.train.batch(
                [x, y], batch_size=batch_size, num_threads=1,
                capacity=10 * batch_size)
            return x_batch, y_batch


def write(path, rows):
    with tf.python_io.TFRecordWriter(path) as w:
        for weights, label in rows:
            ex = tf.train.Example(features=tf.train.Features(feature={
                'x': tf.train.Feature(bytes_list=tf.train.BytesList(
                    value=[np.asarray(weights, np.int64).tobytes()])),
                'y': tf.train.Feature(int64_list=tf.train.Int64List(value=[label])),
            }))
            w.write(ex.SerializeToString())


def main(data_dir):
    folder = os.path.join(data_dir, 'h72_ostrich')
    os.makedirs(folder, exist_ok=True)
    rng = np.random.RandomState(11)
    files = []
    for part in range(2):
        rows = [(rng.randint(900, 1900, size=5), int(rng.randint(0, 2))) for _ in range(4)]
        path = os.path.join(folder, 'eggs-%d.tfrecords' % part)
        write(path, rows)
        files.append(path)

    x_batch, y_batch = inputs(files, batch_size=2, num_epochs=1)
    batches = []
    with tf.Session() as sess:
        sess.run([tf.global_variables_initializer(), tf.local_variables_initializer()])
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                x, y = sess.run([x_batch, y_batch])
                batches.append([x.reshape(len(x), -1).tolist(), np.round(y, 1).tolist()])
        except tf.errors.OutOfRangeError:
            print('Done reading')
        finally:
            coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": "eggs: %d" % sum(len(b[0]) for b in batches)}
