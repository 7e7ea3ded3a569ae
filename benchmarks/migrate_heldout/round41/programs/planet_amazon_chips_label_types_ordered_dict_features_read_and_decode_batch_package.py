import os

import numpy as np
import tensorflow as tf

from planet41_lib import planet_utils
from planet41_lib.planet_input import inputs

BATCH_SIZE = 4


def main(data_dir):
    path = planet_utils.write_records(os.path.join(data_dir, 'h41_planet_chips'))
    names, images, ndvis, labels = inputs(path, BATCH_SIZE, num_epochs=1)
    mean_band = tf.reduce_mean(images, axis=[1, 2])

    init_op = tf.group(tf.compat.v1.global_variables_initializer(),
                       tf.compat.v1.local_variables_initializer())
    sess = tf.compat.v1.Session()
    sess.run(init_op)
    coord = tf.compat.v1.train.Coordinator()
    threads = tf.compat.v1.train.start_queue_runners(sess=sess, coord=coord)
    batches = []
    try:
        while not coord.should_stop():
            n, m, v, w, c, s = sess.run([names, mean_band, ndvis,
                                         labels['weather'], labels['common'], labels['special']])
            batches.append([[x.decode() for x in n],
                            np.round(m.astype(np.float64), 4).tolist(),
                            np.round(v.astype(np.float64), 4).tolist(),
                            w.tolist(), c.tolist(), s.tolist()])
    except tf.errors.OutOfRangeError:
        end = 'chips: %d' % sum(len(b[0]) for b in batches)
    finally:
        coord.request_stop()
    coord.join(threads)
    sess.close()
    return {'batches': batches, 'end': end}
