"""A data-loader class declaring `self.data_queue = None` in `__init__` and making the slice producer on it in
`next_batch`, which reads it (`self.data_queue[0]`, `[1]`) and batches it under `variable_scope`; the producer
is spelled through `from tensorflow.compat.v1 import train`."""

import os

import numpy as np
import tensorflow.compat.v1 as tf
from tensorflow.compat.v1 import train


class DataLoader:
    def __init__(self, list_file, batch_size):
        self.names = open(list_file, 'rt').read().splitlines()
        self.batch_size = batch_size
        self.data_queue = None

    def next_batch(self):
        with tf.variable_scope('feed'):
            names = tf.convert_to_tensor(self.names, dtype=tf.string)
            ids = tf.range(len(self.names), dtype=tf.int64)
            self.data_queue = train.slice_input_producer([names, ids], shuffle=False, num_epochs=1)
            text = tf.read_file(self.data_queue[0])
            value = tf.strings.to_number(tf.strings.strip(text), tf.float32) / 4.0
            batch_values, batch_ids = train.batch([value, self.data_queue[1]], batch_size=self.batch_size)
        return batch_values, batch_ids


def main(data_dir):
    root = os.path.join(data_dir, 'r42k_producer_attr')
    if not os.path.isdir(root):
        os.makedirs(root)
    paths = []
    for i in range(9):
        paths.append(os.path.join(root, 'v%d.txt' % i))
        with open(paths[-1], 'w') as f:
            f.write('%d\n' % (i * 3 + 1))
    with open(os.path.join(root, 'list.txt'), 'w') as f:
        f.write('\n'.join(paths) + '\n')
    values, ids = DataLoader(os.path.join(root, 'list.txt'), 3).next_batch()
    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess, coord)
        try:
            while True:
                v, i = sess.run([values, ids])
                batches.append([np.round(v.astype(np.float64), 5).tolist(), i.tolist()])
        except tf.errors.OutOfRangeError:
            end = 'OutOfRangeError'
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": end}
