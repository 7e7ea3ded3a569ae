"""Fixed-length records through a fluent builder called in a helper that returns the batch; `import tensorflow as
tf` with `tf.compat.v1` spellings; the builder's `map(fn)` applies a module function."""

import os

import tensorflow as tf


def halves(first, second):
    return tf.cast(first, tf.float32) / 3.0, second - first


class Fixed:
    def __init__(self, pattern, epochs=2):
        self.pattern = pattern
        self.epochs = epochs

    def records(self):
        files = sorted(tf.io.gfile.glob(self.pattern))
        queue = tf.compat.v1.train.string_input_producer(files, num_epochs=self.epochs, shuffle=False)
        reader = tf.compat.v1.FixedLengthRecordReader(record_bytes=8, header_bytes=4)
        _, value = reader.read(queue)
        fields = tf.io.decode_raw(value, tf.int32)
        fields.set_shape([2])
        self.values = fields[0], fields[1]
        return self

    def map(self, fn):
        self.values = fn(*self.values)
        return self

    def batched(self, **kwargs):
        return tf.compat.v1.train.batch(list(self.values), **kwargs)


def inputs(data_dir):
    first, second = Fixed(os.path.join(data_dir, "fixed-*.bin")).records().map(halves).batched(
        batch_size=5, allow_smaller_final_batch=True)
    return first, second


def main(data_dir):
    tf.compat.v1.disable_eager_execution()
    first, second = inputs(data_dir)
    batches, end = [], None
    with tf.compat.v1.Session() as sess:
        sess.run(tf.compat.v1.local_variables_initializer())
        coord = tf.compat.v1.train.Coordinator()
        threads = tf.compat.v1.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                a, b = sess.run([first, second])
                batches.append([a.tolist(), b.tolist()])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": batches, "end": end}
