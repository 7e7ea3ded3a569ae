"""Held-out round 42's painting reader: a class registered with an imported abstract base whose
``@abstractmethod _decode`` it defines; its ``batches`` method reads through ``self._decode(queue)``."""
import tensorflow.compat.v1 as tf

from r42a_lib.base import BaseReader
from r42a_lib.records import files


@BaseReader.register
class Reader(BaseReader):
    def _decode(self, queue):
        reader = tf.TFRecordReader()
        _, serialized = reader.read(queue)
        f = tf.parse_single_example(serialized, {"x": tf.FixedLenFeature([2], tf.float32),
                                                 "y": tf.FixedLenFeature([], tf.int64)})
        return f["x"] * 2.0, tf.cast(f["y"], tf.int32)

    def batches(self, size):
        queue = tf.train.string_input_producer(self._files, num_epochs=self._epochs, shuffle=False)
        x, y = self._decode(queue)
        return tf.train.batch([x, y], batch_size=size, allow_smaller_final_batch=True)


def main(data_dir):
    x, y = Reader(files(data_dir, "r42a_same"), 1).batches(4)
    out = []
    with tf.Session() as sess:
        sess.run([tf.global_variables_initializer(), tf.local_variables_initializer()])
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
