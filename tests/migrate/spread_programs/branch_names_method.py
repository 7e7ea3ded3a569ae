"""A class whose `inputs` method reads TFRecords and, by an attribute set in `__init__`, chooses which parsed
value is the feature and which the target before `batch`; the object is made in one function, its batch
run in another. `import tensorflow.compat.v1 as tf1`."""

import os

import tensorflow.compat.v1 as tf1


class Records:
    def __init__(self, data_dir, inverse):
        self.files = [os.path.join(data_dir, "records-%d.tfrecord" % i) for i in (1, 3)]
        self.inverse = inverse

    def inputs(self, batch_size):
        queue = tf1.train.string_input_producer(self.files, num_epochs=1, shuffle=False)
        _, record = tf1.TFRecordReader().read(queue)
        parsed = tf1.parse_single_example(record, {"x": tf1.FixedLenFeature([3], tf1.float32),
                                                   "label": tf1.FixedLenFeature([], tf1.int64)})
        x, label = parsed["x"], tf1.cast(parsed["label"], tf1.float32)
        if self.inverse:
            feature, target = label, x
        else:
            feature, target = x, label
        return tf1.train.batch([feature, target], batch_size=batch_size)


def build(data_dir):
    return Records(data_dir, inverse=True).inputs(9)


def main(data_dir):
    feature, target = build(data_dir)
    out, end = [], None
    with tf1.Session() as sess:
        sess.run(tf1.local_variables_initializer())
        coord = tf1.train.Coordinator()
        threads = tf1.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                f, t = sess.run([feature, target])
                out.append([f.tolist(), t.tolist()])
        except tf1.errors.OutOfRangeError:
            end = "OutOfRangeError"
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": out, "end": end}
