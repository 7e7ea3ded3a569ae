"""Reader objects made before the join's list: one object holding the queue, read once per thread
(`r = ShardReader(queue)`, `[r.read_rows() for _ in range(3)]`: each read makes its own reader), and one object
per thread from a list (`objs = [PairReader(2) for _ in range(2)]`, a loop appending `o.pairs(queue)`)."""
import os

import tensorflow.compat.v1 as tf


class ShardReader(object):
    def __init__(self, filename_queue, width=2):
        self.filename_queue = filename_queue
        self.width = width

    def read_rows(self):
        reader = tf.TextLineReader()
        _, line = reader.read(self.filename_queue)
        cols = tf.decode_csv(line, [[0]] * self.width)
        return [cols[0] - cols[1], cols[1]]


class PairReader(object):
    def __init__(self, scale):
        self.scale = scale

    def pairs(self, filename_queue):
        _, serialized = tf.TFRecordReader().read(filename_queue)
        f = tf.parse_single_example(serialized, {"p": tf.FixedLenFeature([2], tf.int64)})
        return f["p"][0] * self.scale, f["p"]


def shard_batches(files):
    queue = tf.train.string_input_producer(files, num_epochs=2, shuffle=False)
    r = ShardReader(queue)
    rows = [r.read_rows() for _ in range(3)]
    return tf.train.batch_join(rows, batch_size=4)


def pair_batches(files):
    queue = tf.train.string_input_producer(files, num_epochs=1, shuffle=True, seed=5)
    objs = [PairReader(2) for _ in range(2)]
    tensors = []
    for o in objs:
        tensors.append(o.pairs(queue))
    return tf.train.shuffle_batch_join(tensors, batch_size=2, capacity=12, min_after_dequeue=4, seed=1)


def write(data_dir):
    root = os.path.join(data_dir, "r34p_held")
    os.makedirs(root, exist_ok=True)
    texts, records = [], []
    for shard in range(3):
        p = os.path.join(root, "s%d.csv" % shard)
        with open(p, "w") as f:
            for i in range(2):
                f.write("%d,%d\n" % (shard * 7 + i, i))
        texts.append(p)
        p = os.path.join(root, "p%d.tfrecord" % shard)
        with tf.io.TFRecordWriter(p) as w:
            for i in range(2):
                ex = tf.train.Example(features=tf.train.Features(feature={
                    "p": tf.train.Feature(int64_list=tf.train.Int64List(value=[shard, i]))}))
                w.write(ex.SerializeToString())
        records.append(p)
    return texts, records


def main(data_dir):
    texts, records = write(data_dir)
    a, b = shard_batches(texts)
    c, d = pair_batches(records)
    batches = []
    with tf.Session() as sess:
        sess.run([tf.global_variables_initializer(), tf.local_variables_initializer()])
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        end = []
        for pair in ([a, b], [c, d]):
            try:
                while True:
                    x, y = sess.run(pair)
                    batches.append([x.tolist(), y.tolist()])
            except tf.errors.OutOfRangeError:
                end.append(len(batches))
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": str(end)}
