"""Poker hands: poker34_lib builds one HandReader per read thread and batch_join's them."""
import os

import numpy as np
import tensorflow.compat.v1 as tf

from poker34_lib import hands, inputs
from poker34_lib.settings import DEFAULT


def main(data_dir):
    filenames = hands.write_parts(os.path.join(data_dir, "h34_poker"), parts=3, rows=4)
    suits, ranks, hand = inputs.input_pipeline(filenames)
    high_card = tf.reduce_max(ranks, axis=1)
    batches = []
    sess = tf.Session()
    sess.run(tf.group(tf.global_variables_initializer(), tf.local_variables_initializer()))
    coord = tf.train.Coordinator()
    threads = tf.train.start_queue_runners(sess=sess, coord=coord)
    try:
        while not coord.should_stop():
            s, r, h, hc = sess.run([suits, ranks, hand, high_card])
            batches.append([s.tolist(), r.tolist(), h.tolist(), hc.tolist()])
    except tf.errors.OutOfRangeError:
        pass
    finally:
        coord.request_stop()
    coord.join(threads)
    sess.close()
    return {"batches": batches, "end": "hands: %d" % (DEFAULT.batch_size * len(batches))}
