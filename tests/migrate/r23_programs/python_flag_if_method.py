"""A class's method: ``if self.grayscale:`` converts the decoded record, the value made before the ``if`` kept
on the other path (``import tensorflow.compat.v1 as tf1``)."""

import os

import tensorflow.compat.v1 as tf1


class Loader(object):
    def __init__(self, data_dir, grayscale=False):
        self.files = [os.path.join(data_dir, f"records-{i}.tfrecord") for i in (1, 2)]
        self.grayscale = grayscale

    def batch(self):
        queue = tf1.train.string_input_producer(self.files, num_epochs=1, shuffle=False)
        _, record = tf1.TFRecordReader().read(queue)
        x = tf1.parse_single_example(record, {"x": tf1.FixedLenFeature([3], tf1.float32)})["x"]
        if self.grayscale:
            x = tf1.reduce_mean(x, keepdims=True)
        return tf1.train.batch([x], 5)


def main(data_dir):
    loader = Loader(data_dir)
    batch = loader.batch()
    batches, end = [], None
    with tf1.Session() as sess:
        sess.run(tf1.local_variables_initializer())
        coord = tf1.train.Coordinator()
        threads = tf1.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                batches.append(sess.run(batch).tolist())
        except tf1.errors.OutOfRangeError:
            end = "OutOfRangeError"
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": batches, "end": end}
