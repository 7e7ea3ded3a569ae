"""A class reads its files through an examples queue chosen by its shuffle flag (RandomShuffleQueue or FIFOQueue)
inside a ``with tf.name_scope(...)`` block, filled by two readers in a loop under one QueueRunner; one object of
each flag, each drained to its end."""
import os

import tensorflow.compat.v1 as tf


def _write(path, start):
    with tf.python_io.TFRecordWriter(path) as writer:
        for i in range(start, start + 8):
            writer.write(tf.train.Example(features=tf.train.Features(feature={
                'n': tf.train.Feature(int64_list=tf.train.Int64List(value=[i]))})).SerializeToString())


class ShardReader(object):

    def __init__(self, files, shuffle):
        self.files = files
        self.shuffle = shuffle

    def batches(self, batch_size):
        with tf.name_scope('shard_reading'):
            names = tf.train.string_input_producer(self.files, num_epochs=1, shuffle=False)
            if self.shuffle:
                records = tf.RandomShuffleQueue(capacity=16, min_after_dequeue=4, dtypes=[tf.string], seed=3)
            else:
                records = tf.FIFOQueue(capacity=16, dtypes=[tf.string])
            ops = []
            for _ in range(2):
                _, value = tf.TFRecordReader().read(names)
                ops.append(records.enqueue([value]))
            tf.train.add_queue_runner(tf.train.QueueRunner(records, ops))
            serialized = records.dequeue()
            n = tf.parse_single_example(serialized, {'n': tf.FixedLenFeature([], tf.int64)})['n']
            return tf.train.batch([n, n * 3], batch_size=batch_size)


def main(data_dir):
    root = os.path.join(data_dir, 'r66d_shards')
    os.makedirs(root, exist_ok=True)
    files = [os.path.join(root, 'shard-%d.tfrecord' % k) for k in range(2)]
    for k, path in enumerate(files):
        _write(path, 100 * k)
    plain = ShardReader(files, shuffle=False).batches(4)
    mixed = ShardReader(files, shuffle=True).batches(4)
    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        for pipeline in (plain, mixed):
            try:
                while True:
                    a, b = sess.run(pipeline)
                    batches.append([a.tolist(), b.tolist()])
            except tf.errors.OutOfRangeError:
                pass
        coord.request_stop()
        coord.join(threads)
    return {'batches': batches, 'end': 'rows: %d' % sum(len(b[0]) for b in batches)}
