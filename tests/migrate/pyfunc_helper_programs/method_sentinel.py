"""A stream object whose method makes a zero-input py_func over its own rows (ending with a -1 label), the
caller batches the method's tensors and stops at the sentinel."""

import numpy as np
import tensorflow.compat.v1 as tf

END = -1


class Stream(object):
    def __init__(self, count):
        self.rows = [(i, i * 0.5) for i in range(count)]
        self.at = 0

    def pull(self):
        if self.at >= len(self.rows):
            return np.zeros([2], np.float32), np.int64(END)
        i, v = self.rows[self.at]
        self.at += 1
        return np.array([i, v], np.float32), np.int64(i % 3)

    def tensors(self):
        feats, lab = tf.py_func(self.pull, [], [tf.float32, tf.int64], stateful=True)
        feats.set_shape([2])
        lab.set_shape([])
        return feats, lab


def main(data_dir):
    stream = Stream(23)
    feats, lab = stream.tensors()
    fb, lb = tf.train.batch([feats, lab], batch_size=4, num_threads=1, capacity=16)
    batches, end = [], None
    with tf.Session() as sess:
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        while end is None:
            f, l = sess.run([fb, lb])
            cut = [i for i, v in enumerate(l.tolist()) if v == END]
            if cut:
                if cut[0]:
                    batches.append([f[:cut[0]].tolist(), l[:cut[0]].tolist()])
                end = "sentinel"
            else:
                batches.append([f.tolist(), l.tolist()])
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": end}
