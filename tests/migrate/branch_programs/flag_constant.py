"""The choice in another module's function, on a module constant of a third (the ``else`` branch runs)."""

import os

import tensorflow.compat.v1 as tf

from bf_lib.inputs import build_input


def main(data_dir):
    xs, zeros = build_input([os.path.join(data_dir, 'records-%d.tfrecord' % i) for i in (0, 3)], 6)
    batches, end = [], None
    sess = tf.Session()
    sess.run([tf.global_variables_initializer(), tf.local_variables_initializer()])
    coord = tf.train.Coordinator()
    threads = tf.train.start_queue_runners(sess, coord=coord)
    try:
        for _ in range(100):
            a, b = sess.run([xs, zeros])
            batches.append([a.tolist(), b.tolist()])
    except tf.errors.OutOfRangeError:
        end = 'OutOfRangeError'
    finally:
        coord.request_stop()
    coord.join(threads)
    sess.close()
    return {'batches': batches, 'end': end}
