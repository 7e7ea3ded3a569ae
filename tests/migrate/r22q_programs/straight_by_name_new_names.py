"""Stages called straight (no flag), imported by name from another module: a FIFOQueue stage (a set_shape loop over
`zip`) then a shuffle stage given its capacity, each binding new names; the smaller final batch kept."""

import os

import tensorflow.compat.v1 as tf

from r22q_lib.stages import fifo_stage, shuffle_stage as shuffled_through


def make_batch(files):
    filename_queue = tf.train.string_input_producer(files, shuffle=False, num_epochs=1)
    reader = tf.TFRecordReader()
    _, value = reader.read(filename_queue)
    example = tf.parse_single_example(value, {'x': tf.FixedLenFeature([3], tf.float32),
                                              'label': tf.FixedLenFeature([], tf.int64)})
    parsed = [example['x'] + 1.0, example['label'] * 10]
    kept = fifo_stage(parsed)
    mixed = shuffled_through(kept, 40, min_after_dequeue=5)
    return tf.train.batch(mixed, batch_size=8, num_threads=2, allow_smaller_final_batch=True)


def main(data_dir):
    files = [os.path.join(data_dir, 'records-%d.tfrecord' % i) for i in range(2)]
    x, label = make_batch(files)
    batches, end = [], None
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess, coord=coord)
        try:
            while True:
                a, b = sess.run([x, label])
                batches.append([a.tolist(), b.tolist()])
        except tf.errors.OutOfRangeError:
            end = 'OutOfRangeError'
        finally:
            coord.request_stop()
            coord.join(threads)
    return {'batches': batches, 'end': end}
