"""A reader class of this module whose public method reaches the common queue through another method, its
arguments given by a caller's variables."""
import os

import numpy as np
import tensorflow.compat.v1 as tf


def write(folder):
    os.makedirs(folder, exist_ok=True)
    for s in range(2):
        with tf.python_io.TFRecordWriter(os.path.join(folder, 'lines-%d.rec' % s)) as w:
            for i in range(5):
                w.write(('%d,%d' % (s, i * i)).encode())


class LineReader(object):
    def __init__(self, files, readers, shuffle, epochs):
        self.files = files
        self.readers = readers
        self.shuffle = shuffle
        self.epochs = epochs

    def _queue(self):
        files = tf.train.string_input_producer(self.files, num_epochs=self.epochs, shuffle=False)
        if self.shuffle:
            queue = tf.RandomShuffleQueue(capacity=10, min_after_dequeue=2, dtypes=[tf.string], shapes=[()])
        else:
            queue = tf.FIFOQueue(capacity=10, dtypes=[tf.string], shapes=[()])
        ops = []
        for _ in range(self.readers):
            _, record = tf.TFRecordReader().read(files)
            ops.append(queue.enqueue([record]))
        tf.train.add_queue_runner(tf.train.QueueRunner(queue, ops))
        return queue.dequeue()

    def columns(self):
        line = self._queue()
        shard, square = tf.decode_csv(line, [[0], [0]])
        return shard, square


def main(data_dir):
    folder = os.path.join(data_dir, 'r37o_lines')
    write(folder)
    files = sorted(os.path.join(folder, f) for f in os.listdir(folder))
    readers = 2
    lines = LineReader(files, readers, True, 2)
    shard, square = lines.columns()
    shards, squares = tf.train.batch([shard, square], batch_size=5)

    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                a, b = sess.run([shards, squares])
                batches.append([np.asarray(a).tolist(), np.asarray(b).tolist()])
        except tf.errors.OutOfRangeError:
            pass
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": batches, "end": "rows %d" % sum(len(b[1]) for b in batches)}
