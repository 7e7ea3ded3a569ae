"""The builder of a feed-thread queue lives in another module of the package; the program unpacks the queue, its
ops and placeholders, feeds it from a module-level function run by a thread and reads `dequeue_many`."""
import threading

import numpy as np
import tensorflow.compat.v1 as tf

from fixf1_lib import queues


def pump(sess, put, stop, values, tag):
    for i in range(9):
        sess.run(put, feed_dict={values: np.full([queues.WIDTH], i, np.float32), tag: 10 * i})
    sess.run(stop)


def main(data_dir):
    queue, put, stop, values, tag = queues.build_feed_queue(5)
    vs, ts = queue.dequeue_many(3)
    sess = tf.Session()
    thread = threading.Thread(target=pump, args=(sess, put, stop, values, tag))
    thread.start()
    out, end = [], None
    try:
        while True:
            a, b = sess.run([vs, ts])
            out.append([a.tolist(), b.tolist()])
    except tf.errors.OutOfRangeError:
        end = 'OutOfRangeError'
    thread.join()
    sess.close()
    return {'batches': out, 'end': end}
