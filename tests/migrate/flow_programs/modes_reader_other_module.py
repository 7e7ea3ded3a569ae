"""A mode flag batching the pair a reader function of another module gives (`from flow_lib import stereo`) in
one branch and reading it directly, one pair per run, in the other (the monodepth loader of held-out round 12);
the loader a class whose constructor keeps the results; the same order both ways."""

import glob
import os
import sys

import tensorflow.compat.v1 as tf

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from flow_lib import stereo  # noqa: E402


class StereoLoader(object):
    def __init__(self, files, mode, batch_size=4):
        pairs = tf.train.string_input_producer(files, num_epochs=1, shuffle=False)
        left, right = stereo.read_pair(pairs)
        if mode != 'test':
            self.left, self.right = tf.train.batch([left, right + left], batch_size, allow_smaller_final_batch=True)
        else:
            self.left = tf.stack([left, right])
            self.right = tf.reduce_sum(self.left)


def main(data_dir):
    files = sorted(glob.glob(os.path.join(data_dir, 'fixed-*.bin')))
    loaders = [StereoLoader(files, 'train'), StereoLoader(files, mode='test')]
    runs, end = [], None
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        for loader in loaders:
            try:
                while True:
                    runs.append([v.tolist() for v in sess.run([loader.left, loader.right])])
            except tf.errors.OutOfRangeError:
                end = 'OutOfRangeError'
        coord.request_stop()
        coord.join(threads)
    return {'batches': runs, 'end': end}
