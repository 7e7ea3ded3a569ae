"""A RandomShuffleQueue class in the main module: the op and the runner on ``self``, the queue a local, read one
element at a time by ``dequeue()`` into a ``train.batch``; ``threads = self.runner.create_threads(...)`` in
``begin``: every row once."""
import os

import tensorflow.compat.v1 as tf

from p2_lib.records import write_shards


class Mixer(object):

    def __init__(self, files, batch_size, k=2):
        names = tf.train.string_input_producer(files, num_epochs=1, shuffle=False)
        reader = tf.TFRecordReader()
        _, serialized = reader.read(names)
        parsed = tf.parse_single_example(serialized, {"idx": tf.FixedLenFeature([], tf.int64),
                                                      "tag": tf.FixedLenFeature([], tf.string)})
        mixing = tf.RandomShuffleQueue(capacity=24, min_after_dequeue=3, dtypes=[tf.int64, tf.string],
                                    shapes=[[], []], seed=11)
        self.enqueue_op = mixing.enqueue([parsed["idx"] * 3, parsed["tag"]])
        idx, tag = mixing.dequeue()
        self.idx, self.tag = tf.train.batch([idx, tag], batch_size)
        self.runner = tf.train.QueueRunner(mixing, [self.enqueue_op] * k)

    def begin(self, sess, coord):
        threads = self.runner.create_threads(sess, coord=coord, start=True)
        return threads


def main(data_dir):
    files = write_shards(os.path.join(data_dir, "p2_mixed"), rows=4)
    mixer = Mixer(files, 4)
    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess, coord) + mixer.begin(sess, coord)
        try:
            while True:
                i, t = sess.run([mixer.idx, mixer.tag])
                batches.append([i.tolist(), [x.decode() for x in t]])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": batches, "end": end}
