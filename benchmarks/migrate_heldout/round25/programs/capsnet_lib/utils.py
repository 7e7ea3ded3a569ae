import os

import numpy as np
import tensorflow as tf

from capsnet_lib.config import cfg


def load_mnist(batch_size, path, is_training=True):
    if is_training:
        fd = open(os.path.join(path, 'train-images-idx3-ubyte'))
        loaded = np.fromfile(file=fd, dtype=np.uint8)
        trainX = loaded[16:].reshape((16, 2, 2, 1)).astype(np.float32)

        fd = open(os.path.join(path, 'train-labels-idx1-ubyte'))
        loaded = np.fromfile(file=fd, dtype=np.uint8)
        trainY = loaded[8:].reshape((16)).astype(np.int32)

        trX = trainX[:12]
        trY = trainY[:12]
        valX = trainX[12:, ]
        valY = trainY[12:]

        num_tr_batch = 12 // batch_size
        num_val_batch = 4 // batch_size
        return trX, trY, num_tr_batch, valX, valY, num_val_batch
    raise ValueError('only the training split is used here')


def load_data(dataset, batch_size, path, is_training=True):
    if dataset == 'mnist':
        return load_mnist(batch_size, path, is_training)
    raise Exception('Invalid dataset, please check the name of dataset:', dataset)


def get_batch_data(dataset, batch_size, num_threads, path):
    if dataset == 'mnist':
        trX, trY, num_tr_batch, valX, valY, num_val_batch = load_mnist(batch_size, path, is_training=True)
    data_queues = tf.compat.v1.train.slice_input_producer([trX, trY], num_epochs=cfg.epoch)
    X, Y = tf.compat.v1.train.shuffle_batch(data_queues, num_threads=num_threads,
                                            batch_size=batch_size,
                                            capacity=batch_size * 64,
                                            min_after_dequeue=batch_size * 32,
                                            allow_smaller_final_batch=False)
    return X, Y, num_tr_batch
