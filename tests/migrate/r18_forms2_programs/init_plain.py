"""A class makes its file queue and reader in `__init__`; a method reads and parses one record; the caller batches
what the method returns (`train.batch(records.example(), ...)`)."""
import glob
import os

import tensorflow.compat.v1 as tf


class RecordReader(object):
    def __init__(self, paths):
        self.queue = tf.train.string_input_producer(paths, num_epochs=2, shuffle=False)
        self.reader = tf.TFRecordReader()

    def example(self):
        _, serialized = self.reader.read(self.queue)
        parsed = tf.parse_single_example(serialized, {
            "x": tf.FixedLenFeature([3], tf.float32),
            "label": tf.FixedLenFeature([], tf.int64),
        })
        total = tf.reduce_sum(parsed["x"])
        return [total, parsed["label"] * 2]


def main(data_dir):
    records = RecordReader(sorted(glob.glob(os.path.join(data_dir, "records-*.tfrecord"))))
    totals, labels = tf.train.batch(records.example(), batch_size=5, allow_smaller_final_batch=True)
    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                t, y = sess.run([totals, labels])
                batches.append([[round(float(v), 4) for v in t], y.tolist()])
        except tf.errors.OutOfRangeError:
            pass
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": batches, "end": "done"}
