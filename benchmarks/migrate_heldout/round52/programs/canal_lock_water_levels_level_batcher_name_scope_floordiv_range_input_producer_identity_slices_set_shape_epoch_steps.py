"""Predict the next water-level code of a canal reach from the previous ones.

The batcher below is the ptb_producer equivalent "I wrote to understand all the TF concepts".
"""
import os

import numpy as np
import tensorflow.compat.v1 as tf


def level_batcher(raw_data, batch_size, num_steps):
    """Return a batch of data.

    Equivalent of ptb_producer that I wrote to understand all the TF concepts.
    """
    with tf.name_scope('batcher'):
        tf_raw_data = tf.convert_to_tensor(
            raw_data,
            name='raw_data',
            dtype=tf.int32
        )
        data_len = tf.size(
            tf_raw_data,
            name='num_elems'
        )
        num_batches = tf.floordiv(
            data_len, batch_size,
            name='num_batches'
        )
        data = tf.reshape(
            tf_raw_data[:batch_size * num_batches],
            [batch_size, num_batches],
            name='data'
        )
        batches_per_epoch = tf.floordiv(
            num_batches - 1, num_steps,
            name='batches_per_epoch'
        )
        tf_queue = tf.train.range_input_producer(
            limit=batches_per_epoch, shuffle=False
        )
        i = tf_queue.dequeue(name='iter_idx')
        x = tf.identity(
            data[:, (i * num_steps):((i+1) * num_steps)],
            name='x'
        )
        x.set_shape([batch_size, num_steps])
        y = tf.identity(
            data[:, (1 + i * num_steps):(1 + (i+1) * num_steps)],
            name='y'
        )
        y.set_shape([batch_size, num_steps])
        return x, y


def read_levels(path):
    """Gauge log: one reading per line, 'HH:MM level_cm'; levels quantised to 5 cm codes."""
    codes = []
    with open(path) as f:
        for line in f:
            _, level = line.split()
            codes.append(int(float(level)) // 5)
    return codes


def write_log(path):
    rng = np.random.RandomState(31)
    level = 250.0
    with open(path, 'w') as f:
        for k in range(38):
            level += rng.uniform(-12, 12)
            f.write('%02d:%02d %.1f\n' % (k // 4, 15 * (k % 4), level))


def main(data_dir):
    folder = os.path.join(data_dir, 'h52_canal_levels')
    if not os.path.isdir(folder):
        os.makedirs(folder)
    write_log(os.path.join(folder, 'reach_7_gauge.txt'))
    raw = read_levels(os.path.join(folder, 'reach_7_gauge.txt'))

    batch_size, num_steps = 3, 4
    x, y = level_batcher(raw, batch_size, num_steps)
    epoch_size = ((len(raw) // batch_size) - 1) // num_steps
    rising = tf.reduce_sum(tf.cast(tf.greater(y, x), tf.int32), axis=1)

    batches = []
    with tf.Session() as sess:
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        for step in range(epoch_size):
            xv, yv, rv = sess.run([x, y, rising])
            batches.append([xv.tolist(), yv.tolist(), rv.tolist()])
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": "windows: %d x %d" % (len(batches), batch_size)}
