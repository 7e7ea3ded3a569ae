"""The slim/im2txt/Inception eval loop in a class: ``threads = []``, ``for qr in
ops.get_collection(ops.GraphKeys.QUEUE_RUNNERS): threads.extend(qr.create_threads(sess, coord=coord,
daemon=True, start=True))`` (``tensorflow.python.framework.ops``), ``coord.request_stop(e)`` in an ``except
Exception as e:``, then ``coord.request_stop()`` and a join with a grace period."""
import tensorflow.compat.v1 as tf
from tensorflow.python.framework import ops


class Evaluator(object):
    def __init__(self, data_dir, steps):
        self.data_dir = data_dir
        self.steps = steps

    def inputs(self):
        files = sorted(tf.gfile.Glob(self.data_dir + "/records-*.tfrecord"))
        queue = tf.train.string_input_producer(files, num_epochs=1, shuffle=False)
        _, serialized = tf.TFRecordReader().read(queue)
        parsed = tf.parse_single_example(serialized, {"x": tf.FixedLenFeature([3], tf.float32),
                                                      "label": tf.FixedLenFeature([], tf.int64)})
        return tf.train.batch([parsed["x"] * 2.0, parsed["label"]], batch_size=5)

    def evaluate(self):
        images, labels = self.inputs()
        total = tf.reduce_sum(images, axis=1)
        batches = []
        with tf.Session() as sess:
            sess.run(tf.local_variables_initializer())
            coord = tf.train.Coordinator()
            try:
                threads = []
                for qr in ops.get_collection(ops.GraphKeys.QUEUE_RUNNERS):
                    threads.extend(qr.create_threads(sess, coord=coord, daemon=True, start=True))
                step = 0
                while step < self.steps and not coord.should_stop():
                    t, y = sess.run([total, labels])
                    batches.append([t.tolist(), y.tolist()])
                    step += 1
            except Exception as e:  # pylint: disable=broad-except
                coord.request_stop(e)
            coord.request_stop()
            coord.join(threads, stop_grace_period_secs=10)
        return batches


def main(data_dir):
    return {"batches": Evaluator(data_dir, 6).evaluate(), "end": None}
