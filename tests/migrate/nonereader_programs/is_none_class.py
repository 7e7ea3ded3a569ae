"""A class's method reading through `if reader is None: reader = ...` (no else) and an if-expression helper."""
import os

import tensorflow.compat.v1 as tf

from nr_lib import records


def parse(value):
    feats = tf.parse_single_example(value, {'id': tf.FixedLenFeature([], tf.int64)})
    return feats['id']


def read_ids(queue, reader=None, name='ids'):
    if reader is None:
        reader = tf.TFRecordReader()
    _, value = reader.read(queue)
    return tf.identity(parse(value), name=name)


class Loader(object):
    def __init__(self, pattern, batch_size):
        self.pattern = pattern
        self.batch_size = batch_size

    def batches(self):
        queue = tf.train.string_input_producer(tf.gfile.Glob(self.pattern), num_epochs=2, seed=3)
        ident = read_ids(queue)
        return tf.train.shuffle_batch([ident], batch_size=self.batch_size, capacity=20, min_after_dequeue=4,
                                      seed=3)


def main(data_dir):
    pattern = records.write_shards(os.path.join(data_dir, 'nr_is_none'))
    ids = Loader(pattern, 4).batches()
    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                batches.append([sess.run(ids).tolist()])
        except tf.errors.OutOfRangeError:
            pass
        coord.request_stop()
        coord.join(threads)
    return {'batches': batches, 'end': 'ids %d' % sum(len(b[0]) for b in batches)}
