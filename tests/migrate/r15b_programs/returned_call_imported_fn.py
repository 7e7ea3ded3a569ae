"""The same helper imported by name (`from r15b_lib.examples import read_example as read_one`) into a class's
method, its three tensors unpacked and batched there."""

import glob
import os

import tensorflow.compat.v1 as tf

from r15b_lib.examples import read_example as read_one


class Trainer(object):
    def __init__(self, files):
        self.files = files

    def input_batch(self, batch_size=10):
        queue = tf.train.string_input_producer(self.files, num_epochs=1, shuffle=False)
        total, label, x = read_one(queue)
        return tf.train.batch([x, total, label], batch_size=batch_size, allow_smaller_final_batch=True)


def main(data_dir):
    xs, totals, labels = Trainer(sorted(glob.glob(os.path.join(data_dir, 'records-*.tfrecord')))).input_batch()
    batches, end = [], None
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                v, t, l = sess.run([xs, totals, labels])
                batches.append([v.tolist(), t.tolist(), l.tolist()])
        except tf.errors.OutOfRangeError:
            end = 'OutOfRangeError'
        finally:
            coord.request_stop()
            coord.join(threads)
    return {'batches': batches, 'end': end}
