"""The towers model in one file: a `range` towers loop, the reader made inline under `if not k`, a seeded
shuffle batch named, the per-element tensor stored on `self` alone."""
import os

import tensorflow.compat.v1 as tf

from ft_lib import records

WINDOW = 20


class Speech:
    def __init__(self, files, towers=1):
        self.files = files
        self.batches = []
        for k in range(towers):
            with tf.name_scope("t%d" % k):
                self.build(k)

    def build(self, k):
        if not k:
            fq = tf.train.string_input_producer(self.files, num_epochs=2, shuffle=False)
            _, raw = tf.TFRecordReader().read(fq)
            ex = tf.parse_single_example(raw, {"id": tf.FixedLenFeature([], tf.int64)})
            self.sample = ex["id"] * 10
        got = tf.train.shuffle_batch([self.sample], batch_size=4, capacity=WINDOW, min_after_dequeue=4,
                                     seed=7, name="samples")
        self.batches.append(got)


def main(data_dir):
    files = records.write_shards(os.path.join(data_dir, "f8_range"))
    model = Speech(files)
    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess, coord)
        try:
            while True:
                batches.append([sess.run(model.batches[0]).tolist()])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": batches, "end": end}
