"""Left: the first tower's per-element tensor is read by another method too (a summary of one record), so it
cannot become a local of the branch."""
import os

import tensorflow.compat.v1 as tf

from ft_lib import records


class Net:
    def __init__(self, files, towers=1):
        self.files = files
        for k in range(towers):
            self.tower(k)
        self.peek = self.describe()

    def tower(self, k):
        if k == 0:
            q = tf.train.string_input_producer(self.files, num_epochs=1)
            _, raw = tf.TFRecordReader().read(q)
            self.one = tf.parse_single_example(raw, {"id": tf.FixedLenFeature([], tf.int64)})["id"]
        self.out = tf.train.batch([self.one], batch_size=2)

    def describe(self):
        return self.one + 1


def main(data_dir):
    files = records.write_shards(os.path.join(data_dir, "f8_left"))
    return Net(files)
