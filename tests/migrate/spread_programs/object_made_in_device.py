"""The reader object made under `with tf.device(...)` inside an `if` of the caller, its file queue made in
`build()` and batched in the `batch` property; TFRecords, two epochs, in order."""

import os

import tensorflow as tf

v1 = tf.compat.v1


class Examples(object):
    def __init__(self, files):
        self.files = files

    def build(self):
        queue = v1.train.string_input_producer(self.files, num_epochs=2, shuffle=False)
        _, serialized = v1.TFRecordReader().read(queue)
        parsed = v1.parse_single_example(serialized, {"label": v1.FixedLenFeature([], tf.int64)})
        self.label = parsed["label"] + 1

    @property
    def batch(self):
        return v1.train.batch([self.label], batch_size=20)


def main(data_dir):
    files = [os.path.join(data_dir, "records-%d.tfrecord" % i) for i in range(2)]
    if files:
        with tf.device("/cpu:0"):
            examples = Examples(files)
            examples.build()
    labels = examples.batch
    out, end = [], None
    with v1.Session() as sess:
        sess.run(v1.local_variables_initializer())
        coord = v1.train.Coordinator()
        threads = v1.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                out.append([sess.run(labels).tolist()])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": out, "end": end}
