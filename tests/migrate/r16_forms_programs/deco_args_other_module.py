"""TFRecords through stages made properties by `r16_lib.scopes.define_scope("...")` (a decorator with arguments,
of another module); the batch's settings are a constant dict passed as `**SETTINGS`."""

import os

import tensorflow.compat.v1 as tf

from r16_lib import scopes

SETTINGS = {"batch_size": 10, "allow_smaller_final_batch": True}


class RecordInput(object):
    def __init__(self, data_dir):
        self.data_dir = data_dir
        self.example
        self.batch

    @scopes.define_scope("reader")
    def example(self):
        files = sorted(tf.gfile.Glob(os.path.join(self.data_dir, "records-*.tfrecord")))
        queue = tf.train.string_input_producer(files, num_epochs=1, shuffle=False)
        _, serialized = tf.TFRecordReader().read(queue)
        parsed = tf.parse_single_example(serialized, {"x": tf.FixedLenFeature([3], tf.float32),
                                                      "label": tf.FixedLenFeature([], tf.int64)})
        return parsed["x"], parsed["label"]

    @scopes.define_scope()
    def batch(self):
        x, label = self.example
        return tf.train.batch([x, label], **SETTINGS)


def main(data_dir):
    xs, labels = RecordInput(data_dir).batch
    batches, end = [], None
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                a, b = sess.run([xs, labels])
                batches.append([a.tolist(), b.tolist()])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": batches, "end": end}
