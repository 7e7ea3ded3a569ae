"""A `py_func` producer that returns a sentinel when its data is used up (the "label -1 means done" shape of
some detection/tracking repositories): `tf.train.batch` over the py_func's outputs, a loop that stops at the
first batch holding the sentinel and keeps the rows before it."""

import os
import struct

import numpy as np
import tensorflow.compat.v1 as tf

SENTINEL = -1


class FixedRecordLoader(object):
    def __init__(self, paths, passes=8):
        self.samples = []
        for p in range(passes):
            for path in paths:
                with open(path, "rb") as f:
                    data = f.read()[4:]
                for off in range(0, len(data), 8):
                    i, v = struct.unpack_from("<ii", data, off)
                    self.samples.append((i + 1000 * p, v))
        self.cursor = 0

    def next_sample(self):
        if self.cursor >= len(self.samples):
            return np.int64(SENTINEL), np.zeros([2], np.float32)
        i, v = self.samples[self.cursor]
        self.cursor += 1
        return np.int64(i), np.array([v, v % 7], dtype=np.float32)


def main(data_dir):
    loader = FixedRecordLoader([os.path.join(data_dir, "fixed-%d.bin" % i) for i in range(3)])
    sample_id, sample = tf.py_func(loader.next_sample, [], [tf.int64, tf.float32])
    sample_id.set_shape([])
    sample.set_shape([2])
    id_batch, sample_batch = tf.train.batch([sample_id, sample], batch_size=25, num_threads=1, capacity=50)
    batches = []
    end = "steps"
    sess = tf.Session()
    coord = tf.train.Coordinator()
    threads = tf.train.start_queue_runners(sess=sess, coord=coord)
    for _ in range(100):
        ids, samples = sess.run([id_batch, sample_batch])
        ids, samples = ids.tolist(), samples.tolist()
        if SENTINEL in ids:
            cut = ids.index(SENTINEL)
            if cut:
                batches.append([ids[:cut], samples[:cut]])
            end = "sentinel"
            break
        batches.append([ids, samples])
    coord.request_stop()
    sess.run(tf.get_collection(tf.GraphKeys.QUEUE_RUNNERS)[0].queue.close(cancel_pending_enqueues=True))
    coord.join(threads, stop_grace_period_secs=5)
    sess.close()
    return {"batches": batches, "end": end}
