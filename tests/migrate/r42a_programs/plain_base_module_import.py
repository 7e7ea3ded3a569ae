"""The same reader over a plain base of its own module that never names the method: the method goes once
inlined (`from tensorflow.compat import v1` style)."""
from tensorflow.compat import v1 as tf

from r42a_lib.records import files


class PlainBase(object):
    def describe(self):
        return "plain"


class Reader(PlainBase):
    def __init__(self, files, epochs):
        self.files, self.epochs = files, epochs

    def _decode(self, queue):
        _, serialized = tf.TFRecordReader().read(queue)
        f = tf.parse_single_example(serialized, {"x": tf.FixedLenFeature([2], tf.float32),
                                                 "y": tf.FixedLenFeature([], tf.int64)})
        return f["x"] + 1.0, f["y"]

    def batches(self, size):
        queue = tf.train.string_input_producer(self.files, num_epochs=self.epochs, shuffle=False)
        x, y = self._decode(queue)
        return tf.train.batch([x, y], batch_size=size, allow_smaller_final_batch=True)


def main(data_dir):
    x, y = Reader(files(data_dir, "r42a_plain"), 1).batches(3)
    out = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                a, b = sess.run([x, y])
                out.append([a.tolist(), b.tolist()])
        except tf.errors.OutOfRangeError:
            pass
        coord.request_stop()
        coord.join(threads)
    return {"batches": out, "end": "rows: %d" % sum(len(b[1]) for b in out)}
