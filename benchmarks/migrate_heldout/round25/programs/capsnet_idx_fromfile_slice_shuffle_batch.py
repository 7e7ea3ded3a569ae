"""CapsNet-style MNIST input: idx files read by np.fromfile with header offsets, the arrays sliced by
slice_input_producer and shuffled by shuffle_batch; the training loop runs num_tr_batch steps."""
import os
import struct

import tensorflow as tf

from capsnet_lib.config import cfg
from capsnet_lib.utils import get_batch_data


def write_idx(root):
    os.makedirs(root, exist_ok=True)
    with open(os.path.join(root, 'train-images-idx3-ubyte'), 'wb') as f:
        f.write(struct.pack('>IIII', 2051, 16, 2, 2))
        f.write(bytes([(i * 5) % 256 for i in range(16 * 4)]))
    with open(os.path.join(root, 'train-labels-idx1-ubyte'), 'wb') as f:
        f.write(struct.pack('>II', 2049, 16))
        f.write(bytes([i % 10 for i in range(16)]))


class CapsNet(object):
    def __init__(self, path, is_training=True):
        self.graph = tf.compat.v1.get_default_graph()
        with self.graph.as_default():
            if is_training:
                self.X, self.labels, self.num_tr_batch = get_batch_data(
                    cfg.dataset, cfg.batch_size, cfg.num_threads, path)
                self.Y = tf.one_hot(self.labels, depth=10, axis=1, dtype=tf.float32)
                self.norm = tf.sqrt(tf.reduce_sum(tf.square(self.X), axis=[1, 2, 3]))


def main(data_dir):
    path = os.path.join(data_dir, 'h25_capsnet_idx_fromfile_slice_shuffle_batch')
    write_idx(path)
    model = CapsNet(path, is_training=True)
    batches = []
    sv_config = tf.compat.v1.ConfigProto(allow_soft_placement=True)
    with tf.compat.v1.Session(config=sv_config) as sess:
        sess.run([tf.compat.v1.global_variables_initializer(), tf.compat.v1.local_variables_initializer()])
        coord = tf.compat.v1.train.Coordinator()
        threads = tf.compat.v1.train.start_queue_runners(sess=sess, coord=coord)
        for epoch in range(cfg.epoch):
            for step in range(model.num_tr_batch):
                x, y, labels = sess.run([model.X, model.Y, model.labels])
                batches.append([x.tolist(), y.tolist(), labels.tolist()])
        coord.request_stop()
        coord.join(threads)
    return {'batches': batches, 'end': 'steps'}
