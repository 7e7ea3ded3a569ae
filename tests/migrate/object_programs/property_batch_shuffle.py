"""The batch is a property (`inputs.batch`), a shuffle batch (a multiset per run); the record is read in
`__init__` from fixed-length records; the instance is made by a training function's caller."""

import os

import tensorflow.compat.v1 as tf


class FixedRecords(object):
    record_bytes = 8

    def __init__(self, data_dir, epochs):
        names = [os.path.join(data_dir, 'fixed-%d.bin' % i) for i in range(2)]
        queue = tf.train.string_input_producer(names, num_epochs=epochs, shuffle=True, seed=3)
        reader = tf.FixedLengthRecordReader(record_bytes=self.record_bytes, header_bytes=4)
        _, value = reader.read(queue)
        words = tf.decode_raw(value, tf.int32)
        self.first = words[0]
        self.second = words[1] + 1

    @property
    def batch(self):
        return tf.train.shuffle_batch([self.first, self.second], batch_size=5, capacity=40, min_after_dequeue=10,
                                      seed=7, allow_smaller_final_batch=True)


def run(records):
    first, second = records.batch
    out, end = [], None
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                a, b = sess.run([first, second])
                out.append([a.tolist(), b.tolist()])
        except tf.errors.OutOfRangeError:
            end = 'OutOfRangeError'
        coord.request_stop()
        coord.join(threads)
    return {'batches': out, 'end': end}


def main(data_dir):
    return run(FixedRecords(data_dir, 2))
