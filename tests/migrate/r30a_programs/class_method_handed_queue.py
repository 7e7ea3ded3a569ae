"""A reader class whose ``_batch(self, filename_queue, batch_size)`` reads fixed-length records, decodes and
batches; its ``inputs`` makes the producer from the files set in ``__init__`` and calls ``self._batch``."""
import os

import numpy as np
import tensorflow.compat.v1 as tf


class PairReader(object):
    def __init__(self, files, epochs):
        self.files = files
        self.epochs = epochs

    def _batch(self, filename_queue, batch_size):
        reader = tf.FixedLengthRecordReader(record_bytes=8)
        _, value = reader.read(filename_queue)
        pair = tf.decode_raw(value, tf.int32)
        pair.set_shape([2])
        batch = tf.train.batch([pair], batch_size=batch_size, allow_smaller_final_batch=True)
        return batch[:, 0] * 10 + batch[:, 1]

    def inputs(self, batch_size):
        queue = tf.train.string_input_producer(self.files, num_epochs=self.epochs, shuffle=False)
        return self._batch(queue, batch_size)


def main(data_dir):
    files = []
    for f in range(2):
        path = os.path.join(data_dir, "r30a_pairs_%d.bin" % f)
        np.arange(f * 20, f * 20 + 10, dtype=np.int32).tofile(path)
        files.append(path)
    values = PairReader(files, 2).inputs(3)
    batches, end = [], None
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                batches.append([sess.run(values).tolist()])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": end}
