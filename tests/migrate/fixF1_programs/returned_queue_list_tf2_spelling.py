"""`import tensorflow as tf` spelled through `tf.compat.v1`: the builder returns the queue, a list of its
placeholders and each placeholder; the caller makes the enqueue and close ops and a nested feeding function."""
import threading

import numpy as np
import tensorflow as tf


def build_inputs():
    window = tf.compat.v1.placeholder(tf.float32, [4], name='window')
    flag = tf.compat.v1.placeholder(tf.int32, [], name='flag')
    queue = tf.compat.v1.FIFOQueue(8, [tf.float32, tf.int32], shapes=[[4], []], name='window_queue')
    return queue, [window, flag], window, flag


def main(data_dir):
    queue, inputs, window, flag = build_inputs()
    enqueue = queue.enqueue(inputs)
    close = queue.close()
    x, y = queue.dequeue_up_to(4)
    sess = tf.compat.v1.Session()

    def feed():
        for k in range(10):
            sess.run(enqueue, feed_dict={window: np.arange(4, dtype=np.float32) + k, flag: k % 2})
        sess.run(close)

    thread = threading.Thread(target=feed)
    thread.start()
    out, end = [], None
    while True:
        try:
            xs, ys = sess.run([x, y])
        except tf.errors.OutOfRangeError:
            end = 'OutOfRangeError'
            break
        out.append([xs.tolist(), ys.tolist()])
    thread.join()
    sess.close()
    return {'batches': out, 'end': end}
