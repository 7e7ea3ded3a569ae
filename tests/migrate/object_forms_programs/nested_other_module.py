"""The builder with a nested reader lives in another module (`object_forms_lib/nested_fixed.py`); its batch is a
dict of tensors, run whole."""

import glob
import os

import tensorflow.compat.v1 as tf

from object_forms_lib.nested_fixed import make_batch


def main(data_dir):
    files = sorted(glob.glob(os.path.join(data_dir, 'fixed-*.bin')))
    batch = make_batch(files, 4)
    batches, end = [], None
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                got = sess.run(batch)
                batches.append({k: v.tolist() for k, v in sorted(got.items())})
        except tf.errors.OutOfRangeError:
            end = 'OutOfRangeError'
        coord.request_stop()
        coord.join(threads)
    return {'batches': batches, 'end': end}
