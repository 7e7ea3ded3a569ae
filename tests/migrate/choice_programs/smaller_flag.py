"""An input_fn whose short last batch depends on the mode: `allow_smaller_final_batch=not training` (train drops
the remainder, eval keeps it), the flag passed through a config object."""

import collections
import glob
import os

import tensorflow.compat.v1 as tf

Config = collections.namedtuple('Config', ['batch_size', 'training'])


def input_fn(filenames, config):
    queue = tf.train.string_input_producer(filenames, num_epochs=1, shuffle=False)
    _, line = tf.TextLineReader(skip_header_lines=1).read(queue)
    a, b, label = tf.decode_csv(line, [[0], [0.0], [0]])
    return tf.train.batch([a, b, label], config.batch_size, capacity=4 * config.batch_size,
                          allow_smaller_final_batch=not config.training)


def _drain(sess, fetch):
    out = []
    try:
        while True:
            out.append([c.tolist() for c in sess.run(fetch)])
    except tf.errors.OutOfRangeError:
        return out


def main(data_dir):
    files = sorted(glob.glob(os.path.join(data_dir, 'table-*.csv')))
    train = input_fn(files, Config(batch_size=7, training=True))
    evaluation = input_fn(files, Config(batch_size=7, training=False))
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        batches = _drain(sess, evaluation) + _drain(sess, train)
        coord.request_stop()
        coord.join(threads)
    return {'batches': batches, 'end': 'OutOfRangeError'}
