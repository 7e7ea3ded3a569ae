"""Per-time-step frames built by a loop in another module's input function, the steps set by the script."""

import os

import tensorflow.compat.v1 as tf

from r22f_lib import steps
from r22f_lib.steps import FLAGS


def main(data_dir):
    FLAGS.sequence_length = 2
    images, states = steps.build_input([os.path.join(data_dir, "records-%d.tfrecord" % i) for i in range(3)], 5)
    batches, end = [], None
    with tf.Session() as sess:
        sess.run([tf.global_variables_initializer(), tf.local_variables_initializer()])
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess, coord=coord)
        try:
            while True:
                a, b = sess.run([images, states])
                batches.append([a.tolist(), b.tolist()])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": batches, "end": end}
