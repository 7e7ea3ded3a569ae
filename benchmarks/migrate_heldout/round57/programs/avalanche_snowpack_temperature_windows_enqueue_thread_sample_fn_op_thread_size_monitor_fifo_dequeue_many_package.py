import os

import numpy as np
import tensorflow.compat.v1 as tf

from ava57_lib import concurrency
from ava57_lib import snowpack


def build_inputs():
    window = tf.placeholder(tf.float32, [snowpack.WINDOW], name='window')
    unstable = tf.placeholder(tf.int32, [], name='unstable')
    queue = tf.FIFOQueue(8, [tf.float32, tf.int32], shapes=[[snowpack.WINDOW], []], name='window_queue')
    return queue, [window, unstable]


def main(data_dir):
    folder = os.path.join(data_dir, 'h57_avalanche_snowpack')
    snowpack.write_logs(folder)
    queue, inputs = build_inputs()
    x, y = queue.dequeue_many(3)
    gradient = (x[:, -1] - x[:, 0]) / float(snowpack.WINDOW - 1)

    sess = tf.Session()
    enqueue_thread = concurrency.EnqueueThread(sess, queue, snowpack.window_sampler(folder), inputs)
    monitor = concurrency.OpThread(sess, queue, queue.size())
    enqueue_thread.start()
    monitor.start()

    batches = []
    while True:
        try:
            xs, ys, g = sess.run([x, y, gradient])
        except tf.errors.OutOfRangeError:
            break
        batches.append([np.round(xs.astype(np.float64), 1).tolist(), ys.tolist(),
                        np.round(g.astype(np.float64), 3).tolist()])
    monitor.stop()
    enqueue_thread.join()
    sess.close()
    return {"batches": batches, "end": "windows: %d" % sum(len(b[1]) for b in batches)}
