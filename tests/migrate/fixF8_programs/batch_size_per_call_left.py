"""Left: the batch size is the method's parameter (each call may batch differently), so one batched dataset
made in the branch cannot stand for every call's batch."""
import os

import tensorflow.compat.v1 as tf

from ft_lib import records


class Net:
    def __init__(self, files, sizes=(2, 3)):
        self.files = files
        self.outs = [self.tower(k, size) for k, size in enumerate(sizes)]

    def tower(self, k, size):
        if k == 0:
            q = tf.train.string_input_producer(self.files, num_epochs=1)
            _, raw = tf.TFRecordReader().read(q)
            self.rec = tf.parse_single_example(raw, {"id": tf.FixedLenFeature([], tf.int64)})["id"]
        out = tf.train.batch([self.rec], batch_size=size)
        return out


def main(data_dir):
    files = records.write_shards(os.path.join(data_dir, "f8_size"))
    return Net(files)
