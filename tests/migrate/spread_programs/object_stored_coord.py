"""A reader class takes the coordinator and only stores it (deeplab's and WaveNet's readers take one for runner
threads of their own); its file queue and parse are made in `__init__`, batched in `dequeue(n)`. The
coordinator is passed by keyword; two epochs, in order."""

import os

import tensorflow.compat.v1 as tf


class RecordReader(object):
    def __init__(self, data_dir, coord, epochs=2):
        self.coord = coord
        files = [os.path.join(data_dir, "records-%d.tfrecord" % i) for i in (0, 3)]
        queue = tf.train.string_input_producer(files, num_epochs=epochs, shuffle=False)
        _, serialized = tf.TFRecordReader().read(queue)
        parsed = tf.parse_single_example(serialized, {"x": tf.FixedLenFeature([3], tf.float32),
                                                      "label": tf.FixedLenFeature([], tf.int64)})
        self.x = parsed["x"] * 0.5
        self.label = parsed["label"]

    def dequeue(self, n):
        return tf.train.batch([self.x, self.label], n)


def main(data_dir):
    coord = tf.train.Coordinator()
    reader = RecordReader(data_dir, coord=coord)
    x, label = reader.dequeue(25)
    out, end = [], None
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                a, b = sess.run([x, label])
                out.append([a.tolist(), b.tolist()])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": out, "end": end}
