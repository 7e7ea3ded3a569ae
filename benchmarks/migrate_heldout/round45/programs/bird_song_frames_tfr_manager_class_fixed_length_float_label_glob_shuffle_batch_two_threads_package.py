import os

import numpy as np
import tensorflow as tf

from birdsong45_lib import BirdsongTFRManager
from birdsong45_lib.writer import write_frames


def main(data_dir):
    folder = os.path.join(data_dir, 'h45_birdsong_frames', 'bin')
    write_frames(folder)

    manager = BirdsongTFRManager()
    frames, labels = manager.read(os.path.join(folder, '*.bin'), batch_size=4,
                                  num_preprocess_threads=2, capacity=12, min_after_dequeue=4,
                                  num_epochs=1, seed=4515)
    energy = tf.reduce_sum(frames, axis=1)

    batches = []
    with tf.compat.v1.Session() as sess:
        sess.run(tf.compat.v1.local_variables_initializer())
        coord = tf.compat.v1.train.Coordinator()
        threads = tf.compat.v1.train.start_queue_runners(sess=sess, coord=coord)
        step = 0
        try:
            while not coord.should_stop():
                f, l, e = sess.run([frames, labels, energy])
                batches.append([np.round(f.astype(np.float64), 4).tolist(), l.tolist(),
                                np.round(e.astype(np.float64), 4).tolist()])
                step += 1
        except tf.errors.OutOfRangeError:
            pass
        finally:
            coord.request_stop()
            coord.join(threads)
    return {'batches': batches, 'end': 'frames: %d from %d files' % (4 * step, manager.n_files)}
