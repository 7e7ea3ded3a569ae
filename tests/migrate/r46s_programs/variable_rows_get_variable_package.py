"""The helper in another module (`r46s_lib/levels.py`) makes its variable with `get_variable` in the per-element
code of a fixed-length record reader; the batch's two tensors come back unpacked."""
import os

import numpy as np
import tensorflow.compat.v1 as tf

from r46s_lib.levels import level_batches


def main(data_dir):
    folder = os.path.join(data_dir, "r46s_levels")
    os.makedirs(folder, exist_ok=True)
    path = os.path.join(folder, "levels.bin")
    np.arange(36, dtype=np.uint8).reshape(9, 4).tofile(path)
    levels, aboves = level_batches(path, [3.0, 9.0, 14.0, 20.0])
    out = []
    with tf.Session() as sess:
        sess.run(tf.global_variables_initializer())
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                lv, ab = sess.run([levels, aboves])
                out.append([lv.tolist(), ab.tolist()])
        except tf.errors.OutOfRangeError:
            pass
        coord.request_stop()
        coord.join(threads)
    return {"batches": out, "end": "OutOfRangeError"}
