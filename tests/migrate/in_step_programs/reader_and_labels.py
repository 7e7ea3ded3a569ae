"""A class whose method reads lines of CSV files with a `TextLineReader` (its own unshuffled file queue) and
pairs each line with a label of an `input_producer` over another tensor; the reader made inline, its key
discarded; `from tensorflow.compat.v1 import train`; the file queue's one epoch ends the data."""

import os

import tensorflow.compat.v1 as tf
from tensorflow.compat.v1 import train


class LineInputs(object):

    def __init__(self, data_dir, batch_size):
        self.files = [os.path.join(data_dir, 'table-%d.csv' % i) for i in range(2)]
        self.batch_size = batch_size

    def build(self):
        file_queue = train.string_input_producer(self.files, num_epochs=1, shuffle=False)
        _, line = tf.TextLineReader(skip_header_lines=1).read(file_queue)
        tags = train.input_producer(tf.constant(['t%d' % (i % 7) for i in range(41)]), shuffle=False)
        tag = tags.dequeue()
        a, b, label = tf.decode_csv(line, record_defaults=[[0.0], [0.0], [0]])
        return train.batch([a + b, label, tag], batch_size=self.batch_size)


def main(data_dir):
    a_plus_b, label, tag = LineInputs(data_dir, 5).build()
    batches, end = [], None
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                x, y, t = sess.run([a_plus_b, label, tag])
                batches.append([x.tolist(), y.tolist(), [s.decode() for s in t]])
        except tf.errors.OutOfRangeError:
            end = 'OutOfRangeError'
        coord.request_stop()
        coord.join(threads)
    return {'batches': batches, 'end': end}
