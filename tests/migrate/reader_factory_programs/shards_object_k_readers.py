"""Shards object gives the files and the reader; k readers enqueue into a RandomShuffleQueue."""

import glob
import os

import tensorflow.compat.v1 as tf


class Shards(object):
    def __init__(self, data_dir):
        self.data_dir = data_dir

    def files(self):
        return sorted(glob.glob(os.path.join(self.data_dir, "records-*.tfrecord")))

    def reader(self):
        return tf.TFRecordReader()


def batch_inputs(shards, batch_size, num_readers=3):
    filename_queue = tf.train.string_input_producer(shards.files(), num_epochs=1, shuffle=False)
    examples_queue = tf.RandomShuffleQueue(capacity=64, min_after_dequeue=16, dtypes=[tf.string], seed=3)
    enqueue_ops = []
    for _ in range(num_readers):
        reader = shards.reader()
        _, value = reader.read(filename_queue)
        enqueue_ops.append(examples_queue.enqueue([value]))
    tf.train.queue_runner.add_queue_runner(tf.train.queue_runner.QueueRunner(examples_queue, enqueue_ops))
    serialized = examples_queue.dequeue()
    parsed = tf.parse_single_example(serialized, {"x": tf.FixedLenFeature([3], tf.float32),
                                                  "label": tf.FixedLenFeature([], tf.int64)})
    return tf.train.batch([parsed["x"], parsed["label"]], batch_size=batch_size, allow_smaller_final_batch=True)


def main(data_dir):
    xs, ys = batch_inputs(Shards(data_dir), 10)
    batches = []
    end = None
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                x, y = sess.run([xs, ys])
                batches.append([x.tolist(), y.tolist()])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": end}
