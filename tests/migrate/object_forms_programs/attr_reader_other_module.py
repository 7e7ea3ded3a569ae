"""The reader kept on an object of another module's class (`object_forms_lib/fixed_records.py`), its arguments an
attribute set once and a literal; the program calls that module's function, which makes the object and batches."""

import glob
import os

import tensorflow.compat.v1 as tf

from object_forms_lib import fixed_records


def main(data_dir):
    files = sorted(glob.glob(os.path.join(data_dir, 'fixed-*.bin')))
    ids, diffs = fixed_records.record_batch(files, 5)
    batches, end = [], None
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                i, d = sess.run([ids, diffs])
                batches.append([i.tolist(), d.tolist()])
        except tf.errors.OutOfRangeError:
            end = 'OutOfRangeError'
        coord.request_stop()
        coord.join(threads)
    return {'batches': batches, 'end': end}
