"""The caller is a method of another class, whose own `self` sets the batch size; the reader class reads a
setting of its object (`self.offset`) in the per-record method; `tensorflow.compat.v1` imported as `tf1`."""
import glob
import os

import tensorflow.compat.v1 as tf1


class LineReader:
    def __init__(self, files, offset):
        self.offset = offset
        self.files = tf1.train.string_input_producer(files, num_epochs=1, shuffle=False)
        self.lines = tf1.TextLineReader(skip_header_lines=1)

    def numbers(self):
        _, line = self.lines.read(self.files)
        a, b, label = tf1.decode_csv(line, record_defaults=[[0], [0.0], [0]])
        return [a + self.offset, label]


class Trainer(object):
    def __init__(self, data_dir, batch_size):
        self.files = sorted(glob.glob(os.path.join(data_dir, "table-*.csv")))
        self.batch_size = batch_size

    def build(self):
        rows = LineReader(self.files, offset=100)
        return tf1.train.batch(rows.numbers(), batch_size=self.batch_size, allow_smaller_final_batch=True)


def main(data_dir):
    a_batch, label_batch = Trainer(data_dir, 8).build()
    batches = []
    with tf1.Session() as sess:
        sess.run(tf1.local_variables_initializer())
        coord = tf1.train.Coordinator()
        threads = tf1.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                a, label = sess.run([a_batch, label_batch])
                batches.append([a.tolist(), label.tolist()])
        except tf1.errors.OutOfRangeError:
            pass
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": "done"}
