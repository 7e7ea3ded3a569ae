"""The helper imported by name, batched by a class's method, in a module whose own ``RECORD_BYTES`` is something
else (the helper's module's value comes under another name); ``from tensorflow.compat.v1 import train``
(in order)."""
import os

import tensorflow.compat.v1 as tf
from tensorflow.compat.v1 import train

from r36k_lib.clips import read_clip, write_clips

RECORD_BYTES = 1000  # this module's own


class Clips(object):

    def __init__(self, paths):
        self.paths = paths

    def batch(self, size):
        queue = train.string_input_producer(self.paths, num_epochs=2, shuffle=False)
        samples, label = read_clip(queue)
        return train.batch([samples, label], batch_size=size)


def main(data_dir):
    out = os.path.join(data_dir, "r36k_fixed_name_taken")
    os.makedirs(out, exist_ok=True)
    paths = [write_clips(out, s, 3, seed + 5) for seed, s in enumerate(["c", "d"])]
    batch = Clips(paths).batch(3)
    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = train.Coordinator()
        threads = train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                s, l = sess.run(batch)
                batches.append([s.tolist(), l.tolist(), RECORD_BYTES])
        except tf.errors.OutOfRangeError:
            pass
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": "OutOfRangeError"}
