import os

import numpy as np
import tensorflow as tf

from cab55_lib import inputs
from cab55_lib.datasets import CabinLog


class Config(object):
    epochs = 1
    batch_size = 4
    capacity = 16
    min_after_dequeue = 8
    num_threads = 1


def main(data_dir):
    out = os.path.join(data_dir, 'h55_cabin_sensors')
    os.makedirs(out, exist_ok=True)
    filename = os.path.join(out, 'cabin_test.tfrecords')
    CabinLog.write(filename)

    cfg = Config()
    sensors, labels, cabins = inputs.test_tfrecord(filename, cfg)

    sess = tf.compat.v1.Session()
    sess.run([tf.compat.v1.global_variables_initializer(), tf.compat.v1.local_variables_initializer()])
    coord = tf.compat.v1.train.Coordinator()
    threads = tf.compat.v1.train.start_queue_runners(sess, coord)
    batches = []
    step = 0
    try:
        while not coord.should_stop():
            s, l, c = sess.run([sensors, labels, cabins])
            batches.append([np.round(s.astype(np.float64), 5).tolist(), l.tolist(), c.tolist()])
            step += 1
    except tf.errors.OutOfRangeError:
        pass  # print('Done testing after %d steps' % step)
    finally:
        coord.request_stop()
        coord.join(threads)
    sess.close()
    return {"batches": batches, "end": "cabin readings: %d" % sum(len(b[1]) for b in batches)}
