"""Training on two sources at once: a TFRecord reader helper and a CSV reader helper, each over its own file
queue, return the same `(features, label, source)` structure, and **`shuffle_batch_join` mixes the two
sources** (one list entry per format); `tf.train.Coordinator` loop with `try/except/finally`."""

import os

import tensorflow.compat.v1 as tf


def read_tfrecord_example(filename_queue):
    reader = tf.TFRecordReader()
    _, serialized = reader.read(filename_queue)
    parsed = tf.parse_single_example(serialized, {
        'x': tf.FixedLenFeature([3], tf.float32),
        'label': tf.FixedLenFeature([1], tf.int64),
    })
    features = parsed['x'][:2]
    label = tf.cast(tf.floormod(parsed['label'][0], 5), tf.int32)
    return features, label, tf.constant('tfrecord')


def read_csv_example(filename_queue):
    reader = tf.TextLineReader(skip_header_lines=1)
    _, line = reader.read(filename_queue)
    a, b, label = tf.decode_csv(line, record_defaults=[[0.0], [0.0], [0]])
    return tf.stack([a, b]), label, tf.constant('csv')


def main(data_dir):
    record_files = [os.path.join(data_dir, 'records-%d.tfrecord' % i) for i in range(4)]
    csv_files = [os.path.join(data_dir, 'table-%d.csv' % i) for i in range(3)]
    record_queue = tf.train.string_input_producer(record_files, num_epochs=1, shuffle=True, seed=1)
    csv_queue = tf.train.string_input_producer(csv_files, num_epochs=1, shuffle=True, seed=2)
    example_list = [read_tfrecord_example(record_queue), read_csv_example(csv_queue)]
    features, labels, sources = tf.train.shuffle_batch_join(
        example_list, batch_size=16, capacity=80, min_after_dequeue=20, allow_smaller_final_batch=True)

    batches, end = [], None
    sess = tf.Session()
    sess.run(tf.local_variables_initializer())
    coord = tf.train.Coordinator()
    threads = tf.train.start_queue_runners(sess=sess, coord=coord)
    try:
        while not coord.should_stop():
            f, l, s = sess.run([features, labels, sources])
            batches.append([f.tolist(), l.tolist(), [x.decode() for x in s]])
    except tf.errors.OutOfRangeError:
        end = 'OutOfRangeError'
    finally:
        coord.request_stop()
        coord.join(threads)
        sess.close()
    return {'batches': batches, 'end': end}
