"""CIFAR-10 input style: a reader helper in another module returns a record object; a batch of it."""

import os
import sys

import tensorflow.compat.v1 as tf

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from fixedrec_lib import cifar_input  # noqa: E402

NUM_FILES = 3
BATCH_SIZE = 5


def inputs(data_dir, batch_size):
    filenames = [os.path.join(data_dir, 'fixed-%d.bin' % i) for i in range(NUM_FILES)]
    for f in filenames:
        if not tf.gfile.Exists(f):
            raise ValueError('Failed to find file: ' + f)

    filename_queue = tf.train.string_input_producer(filenames, shuffle=False, num_epochs=1)
    read_input = cifar_input.read_fixed(filename_queue)
    scaled = tf.cast(read_input.value, tf.float32) / 3.0

    min_queue_examples = 10
    ids, values = tf.train.batch(
        [read_input.ident, scaled],
        batch_size=batch_size,
        num_threads=1,
        capacity=min_queue_examples + 3 * batch_size,
        allow_smaller_final_batch=True)
    return ids, values


def main(data_dir):
    ids, values = inputs(data_dir, BATCH_SIZE)
    batches = []
    end = None
    with tf.Session() as sess:
        sess.run([tf.global_variables_initializer(), tf.local_variables_initializer()])
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                id_batch, value_batch = sess.run([ids, values])
                batches.append([id_batch.tolist(), value_batch.tolist()])
        except tf.errors.OutOfRangeError:
            end = 'OutOfRangeError'
        finally:
            coord.request_stop()
        coord.join(threads)
    return {'batches': batches, 'end': end}
