"""`from tensorflow.compat.v1 import train`: a class's method slices arrays into a dict, then returns early
with `train.shuffle_batch` when its flag says so, else `train.batch`; run with shuffling (a multiset), the
short final batch kept."""

import numpy as np
import tensorflow.compat.v1 as tf
from tensorflow.compat.v1 import train


class Inputs(object):
    def __init__(self, n, shuffle):
        self.n = n
        self.shuffle = shuffle

    def batches(self, batch_size):
        ids = np.arange(self.n, dtype=np.int64)
        values = np.arange(self.n * 2, dtype=np.float32).reshape(self.n, 2)
        row = train.slice_input_producer([ids, values], num_epochs=2, shuffle=self.shuffle, seed=3)
        features = {"id": row[0], "value": row[1] + 1.0}
        if self.shuffle:
            return train.shuffle_batch(features, batch_size=batch_size, capacity=60, min_after_dequeue=10,
                                       allow_smaller_final_batch=True, seed=9)
        return train.batch(features, batch_size=batch_size, allow_smaller_final_batch=True)


def main(data_dir):
    del data_dir
    batch = Inputs(50, shuffle=True).batches(12)
    batches = []
    with tf.train.MonitoredSession() as sess:
        while not sess.should_stop():
            values = sess.run(batch)
            batches.append({k: v.tolist() for k, v in values.items()})
    return {"batches": batches, "end": "OutOfRangeError"}
