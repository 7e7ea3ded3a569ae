"""In a class: a method reading with a `FixedLengthRecordReader` builds its result by `append` and returns it;
another method keeps the list whole and shuffle-batches it with two threads (`from tensorflow.compat.v1 import
train`); a multiset of rows and the batch sizes."""

import os

import tensorflow.compat.v1 as tf
from tensorflow.compat.v1 import train


class FixedInputs(object):
    def __init__(self, data_dir, epochs):
        self.files = [os.path.join(data_dir, "fixed-%d.bin" % i) for i in range(3)]
        self.epochs = epochs

    def _read(self, queue):
        reader = tf.FixedLengthRecordReader(record_bytes=8, header_bytes=4)
        _, raw = reader.read(queue)
        values = tf.decode_raw(raw, tf.int32)
        result = []
        result.append(values[0])
        result.append(values[1] - values[0])
        return result

    def batches(self, size):
        queue = train.string_input_producer(self.files, num_epochs=self.epochs, shuffle=True, seed=3)
        example = self._read(queue)
        return train.shuffle_batch(example, batch_size=size, capacity=40, min_after_dequeue=10, num_threads=2,
                                   seed=5, allow_smaller_final_batch=True)


def main(data_dir):
    first, second = FixedInputs(data_dir, 2).batches(5)
    sizes, rows, end = [], [], None
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                a, b = sess.run([first, second])
                sizes.append(len(a))
                rows.extend([x, y] for x, y in zip(a.tolist(), b.tolist()))
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        coord.request_stop()
        coord.join(threads)
    return {"batches": [sizes, sorted(rows)], "end": end}
