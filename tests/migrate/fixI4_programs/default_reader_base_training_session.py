"""A plain base whose reader method has a default (``TextLineReader`` skipping ``me.header`` lines: its
instance named ``me``), one subclass that keeps it, under ``MonitoredTrainingSession``."""
import os

import tensorflow as tf1
tf = tf1.compat.v1


class LineSource:
    def __init__(self, files, header):
        self.files = files
        self.header = header

    def reader(me):
        return tf.TextLineReader(skip_header_lines=me.header)

    def batches(self, size):
        q = tf.train.string_input_producer(self.files, num_epochs=1, shuffle=False)
        _, line = self.reader().read(q)
        cols = tf.decode_csv(line, record_defaults=[[0], [0.0]])
        return tf.train.batch(cols, batch_size=size)


class Readings(LineSource):
    def describe(self):
        return "readings"


def main(data_dir):
    folder = os.path.join(data_dir, "i4_lines")
    os.makedirs(folder, exist_ok=True)
    files = []
    for k in range(2):
        path = os.path.join(folder, "r%d.csv" % k)
        with open(path, "w") as f:
            f.write("id,value\n" + "".join("%d,%.1f\n" % (k * 10 + i, i * 1.5) for i in range(4)))
        files.append(path)
    ids, values = Readings(files, header=1).batches(3)
    batches = []
    with tf.train.MonitoredTrainingSession() as sess:
        while not sess.should_stop():
            a, b = sess.run([ids, values])
            batches.append([a.tolist(), b.tolist()])
    return {"batches": batches, "end": "OutOfRangeError"}
