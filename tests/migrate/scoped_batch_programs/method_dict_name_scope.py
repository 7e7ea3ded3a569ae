"""A reader class: `_records()` opens the file queue and the reader and decodes a dict of features; `inputs()`
calls it, then batches under `with tf.name_scope(...)` (the batch alone in the scope). One epoch, in order."""

import os

import tensorflow.compat.v1 as tf


class RecordInput(object):
    def __init__(self, data_dir, batch_size, epochs=1):
        self._paths = [os.path.join(data_dir, "records-%d.tfrecord" % i) for i in range(3)]
        self._batch_size = batch_size
        self._epochs = epochs

    def _records(self):
        queue = tf.train.string_input_producer(self._paths, num_epochs=self._epochs, shuffle=False)
        _, serialized = tf.TFRecordReader().read(queue)
        parsed = tf.parse_single_example(serialized, features={
            "x": tf.FixedLenFeature([3], tf.float32),
            "label": tf.FixedLenFeature([], tf.int64),
        })
        return {"x": parsed["x"] - 1.0, "label": tf.cast(parsed["label"], tf.int32)}

    def inputs(self):
        features = self._records()
        with tf.name_scope("record_batch"):
            return tf.train.batch(features, batch_size=self._batch_size, capacity=4 * self._batch_size,
                                  allow_smaller_final_batch=True)


def main(data_dir):
    features = RecordInput(data_dir, batch_size=8).inputs()
    out, end = [], None
    with tf.Session() as sess:
        sess.run([tf.global_variables_initializer(), tf.local_variables_initializer()])
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                got = sess.run(features)
                out.append([got["x"].tolist(), got["label"].tolist()])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        finally:
            coord.request_stop()
        coord.join(threads)
    return {"batches": out, "end": end}
