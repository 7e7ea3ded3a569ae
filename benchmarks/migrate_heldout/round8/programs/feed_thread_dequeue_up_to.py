"""A hand-built FIFOQueue fed from Python by a loader thread (`sess.run(enqueue_op, feed_dict=...)`, the
seismic / audio-loader class shape), closed by the loader when its rows run out, and read by the trainer with
`dequeue_up_to` so the last, smaller batch is kept."""
import os
import threading

import numpy as np
import tensorflow.compat.v1 as tf


class DataReader(object):
    def __init__(self, csv_path, queue_size=16):
        self.csv_path = csv_path
        self.a_placeholder = tf.placeholder(tf.int32, shape=[])
        self.b_placeholder = tf.placeholder(tf.float32, shape=[])
        self.queue = tf.FIFOQueue(queue_size, [tf.int32, tf.float32], shapes=[[], []])
        self.enqueue = self.queue.enqueue([self.a_placeholder, self.b_placeholder])
        self.close = self.queue.close()

    def dequeue(self, num_elements):
        return self.queue.dequeue_up_to(num_elements)

    def thread_main(self, sess):
        with open(self.csv_path) as f:
            next(f)
            for line in f:
                a, b, _ = line.strip().split(",")
                sess.run(self.enqueue, feed_dict={self.a_placeholder: int(a),
                                                  self.b_placeholder: np.float32(b)})
        sess.run(self.close)

    def start_threads(self, sess):
        thread = threading.Thread(target=self.thread_main, args=(sess,))
        thread.daemon = True
        thread.start()
        return [thread]


def main(data_dir):
    reader = DataReader(os.path.join(data_dir, "table-1.csv"))
    a_batch, b_batch = reader.dequeue(12)
    batches = []
    sess = tf.Session()
    threads = reader.start_threads(sess)
    try:
        while True:
            a, b = sess.run([a_batch, b_batch])
            batches.append([a.tolist(), b.tolist()])
    except tf.errors.OutOfRangeError:
        end = "OutOfRangeError"
    for thread in threads:
        thread.join()
    sess.close()
    return {"batches": batches, "end": end}
