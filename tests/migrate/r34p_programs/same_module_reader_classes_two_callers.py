"""Reader classes in the program's own module: a `for` loop appending `LineReader(scale=...).parse(queue)` per
thread, and a reader object built once before the comprehension that reads the queue k times; TFRecord and
text parts."""
import os

import tensorflow.compat.v1 as tf
from tensorflow.compat.v1 import train


class LineReader(object):
    def __init__(self, scale=1):
        self.scale = scale

    def parse(self, filename_queue):
        reader = tf.TextLineReader()
        _, line = reader.read(filename_queue)
        a, b = tf.decode_csv(line, [[0], [0]])
        return a * self.scale, b


class RecordReader(object):
    def __init__(self, key="v"):
        self.key = key

    def decode(self, filename_queue):
        reader = tf.TFRecordReader()
        _, serialized = reader.read(filename_queue)
        value = tf.parse_single_example(serialized, {self.key: tf.FixedLenFeature([], tf.int64)})[self.key]
        return [value, value * 2]


def text_batches(files):
    queue = train.string_input_producer(files, num_epochs=1, shuffle=False)
    rows = []
    for _ in range(2):
        rows.append(LineReader(scale=3).parse(queue))
    return train.batch_join(rows, batch_size=2)


def record_batches(files):
    queue = train.string_input_producer(files, num_epochs=1, shuffle=False)
    decoder = RecordReader(key="v")
    values = [decoder.decode(queue) for _ in range(3)]
    return train.batch_join(values, batch_size=3)


def write(data_dir):
    root = os.path.join(data_dir, "r34p_same")
    os.makedirs(root, exist_ok=True)
    texts, records = [], []
    for shard in range(3):
        p = os.path.join(root, "t%d.csv" % shard)
        with open(p, "w") as f:
            for i in range(2):
                f.write("%d,%d\n" % (shard * 10 + i, i))
        texts.append(p)
        p = os.path.join(root, "r%d.tfrecord" % shard)
        with tf.io.TFRecordWriter(p) as w:
            for i in range(3):
                ex = tf.train.Example(features=tf.train.Features(feature={
                    "v": tf.train.Feature(int64_list=tf.train.Int64List(value=[shard * 3 + i]))}))
                w.write(ex.SerializeToString())
        records.append(p)
    return texts, records


def main(data_dir):
    texts, records = write(data_dir)
    a, b = text_batches(texts)
    v, w = record_batches(records)
    batches = []
    with tf.Session() as sess:
        sess.run([tf.global_variables_initializer(), tf.local_variables_initializer()])
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        end = None
        try:
            while True:
                x, y = sess.run([a, b])
                batches.append([x.tolist(), y.tolist()])
        except tf.errors.OutOfRangeError:
            end = "done"
        try:
            while True:
                batches.append([r.tolist() for r in sess.run([v, w])])
        except tf.errors.OutOfRangeError:
            end += ", done"
        finally:
            coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": end}
