"""A reader helper of another module of the tree (`r15b_lib/examples.py`, imported as a module) returning that
module's `decode(...)`, three tensors unpacked here; the name `total` reused at module level."""

import glob
import os

import tensorflow.compat.v1 as tf

from r15b_lib import examples

total = 0


def main(data_dir):
    files = sorted(glob.glob(os.path.join(data_dir, 'records-*.tfrecord')))
    queue = tf.train.string_input_producer(files, num_epochs=1, shuffle=False)
    total, label, x = examples.read_example(queue)
    totals, labels, xs = tf.train.batch([total, label, x], batch_size=12, allow_smaller_final_batch=True)
    batches, end = [], None
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                t, l, v = sess.run([totals, labels, xs])
                batches.append([t.tolist(), l.tolist(), v.tolist()])
        except tf.errors.OutOfRangeError:
            end = 'OutOfRangeError'
        finally:
            coord.request_stop()
            coord.join(threads)
    return {'batches': batches, 'end': end}
