"""TFRecords through a fluent builder whose `batch(self, size, **options)` forwards the chain's keywords to
`train.batch` (`from tensorflow.compat.v1 import train`); the caller has its own `queue` and `parsed` names."""

import os

import tensorflow.compat.v1 as tf
from tensorflow.compat.v1 import train


class RecordPipeline(object):
    """Each stage stores its tensors on the object and returns it."""

    def __init__(self, data_dir):
        self.files = sorted(tf.gfile.Glob(os.path.join(data_dir, "records-*.tfrecord")))

    def read(self, num_epochs):
        queue = train.string_input_producer(self.files, num_epochs=num_epochs, shuffle=False)
        _, self.serialized = tf.TFRecordReader().read(queue)
        return self

    def parse(self):
        parsed = tf.parse_single_example(self.serialized, {"x": tf.FixedLenFeature([3], tf.float32),
                                                           "label": tf.FixedLenFeature([], tf.int64)})
        self.tensors = [parsed["x"] * 2.0, parsed["label"]]
        return self

    def batch(self, size, **options):
        self.tensors = train.batch(self.tensors, size, **options)
        return self

    def result(self):
        return self.tensors


def main(data_dir):
    queue, parsed = "not a queue", None
    xs, labels = RecordPipeline(data_dir).read(1).parse().batch(16, allow_smaller_final_batch=True).result()
    batches, end = [], None
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = train.Coordinator()
        threads = train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                a, b = sess.run([xs, labels])
                batches.append([a.tolist(), b.tolist(), queue, parsed])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": batches, "end": end}
