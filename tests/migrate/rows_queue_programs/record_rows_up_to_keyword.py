"""TF1-style records: each parsed record made into two rows inline (the value and its double), enqueued many at a
time by two runner threads into a FIFOQueue; ``dequeue_up_to`` with its count and its op's name as keywords keeps
the short last batch."""

import glob
import os

import tensorflow.compat.v1 as tf

FEATURES = {"x": tf.FixedLenFeature([3], tf.float32), "label": tf.FixedLenFeature([], tf.int64)}


class RowReader(object):
    def __init__(self, data_dir):
        self.files = sorted(glob.glob(os.path.join(data_dir, "records-*.tfrecord")))

    def batches(self, size):
        file_queue = tf.train.string_input_producer(self.files, num_epochs=1, shuffle=False)
        _, serialized = tf.TFRecordReader().read(file_queue)
        parsed = tf.parse_single_example(serialized, FEATURES)
        rows = tf.stack([parsed["x"], parsed["x"] * 2.0])
        labels = tf.stack([parsed["label"], parsed["label"] + 100])
        queue = tf.FIFOQueue(capacity=64, dtypes=[tf.float32, tf.int64], shapes=[[3], []])
        enqueue = queue.enqueue_many([rows, labels])
        tf.train.add_queue_runner(tf.train.QueueRunner(queue, [enqueue] * 2))
        return queue.dequeue_up_to(name="rows_up_to", n=size)


def main(data_dir):
    rows, labels = RowReader(data_dir).batches(7)
    batches = []
    end = None
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                r, l = sess.run([rows, labels])
                batches.append([r.tolist(), l.tolist()])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        finally:
            coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": end}
