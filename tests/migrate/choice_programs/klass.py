"""A class whose method chooses the batch by an attribute; `import tensorflow as tf` with tf.compat.v1 calls."""

import glob
import os

import tensorflow as tf


class FixedInput:
    """Fixed-length records; the batch kind is the object's."""

    def __init__(self, data_dir, is_training, batch_size=4):
        self.files = sorted(glob.glob(os.path.join(data_dir, 'fixed-*.bin')))
        self.is_training = is_training
        self.batch_size = batch_size

    def build(self):
        queue = tf.compat.v1.train.string_input_producer(self.files, num_epochs=1, shuffle=False)
        reader = tf.compat.v1.FixedLengthRecordReader(record_bytes=8, header_bytes=4)
        key, value = reader.read(queue)
        record = tf.io.decode_raw(value, tf.int32)
        first, second = record[0], record[1]
        if self.is_training:
            firsts, seconds = tf.compat.v1.train.shuffle_batch(
                [first, second], self.batch_size, 20, 4)
        else:
            firsts, seconds = tf.compat.v1.train.batch([first, second], self.batch_size)
        return firsts, seconds


def main(data_dir):
    evaluation = FixedInput(data_dir, False).build()
    train = FixedInput(data_dir, is_training=True).build()
    ordered, shuffled, end = [], [], None
    with tf.compat.v1.Session() as sess:
        sess.run(tf.compat.v1.local_variables_initializer())
        coord = tf.compat.v1.train.Coordinator()
        threads = tf.compat.v1.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                ordered.append([a.tolist() for a in sess.run(evaluation)])
        except tf.errors.OutOfRangeError:
            pass
        try:
            while True:
                shuffled.append([a.tolist() for a in sess.run(train)])
        except tf.errors.OutOfRangeError:
            end = 'OutOfRangeError'
        coord.request_stop()
        coord.join(threads)
    rows = sorted((a, b) for f, s in shuffled for a, b in zip(f, s))
    return {'batches': ordered + [[len(shuffled), rows]], 'end': end}
