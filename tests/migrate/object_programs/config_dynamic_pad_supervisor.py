"""A config object for the flags, variable-length tensors made in `__init__` padded by `batch(dynamic_pad=True)`,
the batch assigned then returned, and a Supervisor running a fixed number of steps."""

import os

import tensorflow.compat.v1 as tf


class Config(object):
    batch_size = 4
    threads = 1
    steps = 5


class Sequences(object):
    def __init__(self, config, data_dir):
        self.config = config
        files = [os.path.join(data_dir, 'records-%d.tfrecord' % i) for i in range(3)]
        self.file_queue = tf.train.string_input_producer(files, shuffle=False)
        _, record = tf.TFRecordReader().read(self.file_queue)
        parsed = tf.parse_single_example(record, {'label': tf.FixedLenFeature([], tf.int64)})
        self.length = tf.cast(parsed['label'] % 3 + 1, tf.int32)
        self.tokens = tf.range(self.length) + tf.cast(parsed['label'], tf.int32)

    def batch(self):
        tokens, lengths = tf.train.batch([self.tokens, self.length], batch_size=self.config.batch_size,
                                         num_threads=self.config.threads, dynamic_pad=True)
        return tokens, lengths


def main(data_dir):
    config = Config()
    tokens, lengths = Sequences(config, data_dir).batch()
    sv = tf.train.Supervisor(logdir=None, summary_op=None, save_model_secs=0)
    out = []
    with sv.managed_session() as sess:
        for _ in range(config.steps):
            if sv.should_stop():
                break
            t, n = sess.run([tokens, lengths])
            out.append([t.tolist(), n.tolist()])
    return {'batches': out, 'end': 'steps'}
