"""Another module's input function shuffling through a third module's stage (`stages.shuffle_stage`, called through
its module, its capacity a default read from that module) under `if shuffle:`, padded batches."""

import os

import tensorflow.compat.v1 as tf

from r22q_lib import inputs


def run(batch):
    batches, end = [], None
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess, coord=coord)
        try:
            while True:
                x, y, n = sess.run(batch)
                batches.append([[row[:k].tolist() for row, k in zip(x, n)], y.tolist(), n.tolist()])
        except tf.errors.OutOfRangeError:
            end = 'OutOfRangeError'
        finally:
            coord.request_stop()
            coord.join(threads)
    return {'batches': batches, 'end': end}


def main(data_dir):
    files = [os.path.join(data_dir, 'records-%d.tfrecord' % i) for i in range(4)]
    return run(inputs.padded_inputs(files, 6, shuffle=True))
