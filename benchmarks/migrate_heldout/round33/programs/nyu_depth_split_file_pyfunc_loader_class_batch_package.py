"""depth33_lib/: a DepthLoader class whose read() decodes `name scene` lines and calls tf.py_func on a bound
method loading RGB + depth .npy files (clipped), train.batch(4, allow_smaller_final_batch=True), one thread."""
import os

import numpy as np
import tensorflow.compat.v1 as tf

from depth33_lib.loader import DepthLoader
from depth33_lib.make import make_split


def main(data_dir):
    root = os.path.join(data_dir, "h33_nyu")
    split = make_split(root, 10)
    loader = DepthLoader(root)
    filename_queue = tf.train.string_input_producer([split], num_epochs=1, shuffle=False)
    rgb, depth, scene = loader.read(filename_queue)
    rgb_batch, depth_batch, scene_batch = tf.train.batch([rgb, depth, scene], batch_size=4, num_threads=1,
                                                         allow_smaller_final_batch=True)
    inv_depth = 1.0 / (depth_batch + 1.0)
    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                r, d, s, inv = sess.run([rgb_batch, depth_batch, scene_batch, inv_depth])
                batches.append([np.round(r, 4).tolist(), np.round(d, 3).tolist(), s.tolist(),
                                np.round(inv, 4).tolist()])
        except tf.errors.OutOfRangeError:
            end = "depth frames done"
        finally:
            coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": end}
