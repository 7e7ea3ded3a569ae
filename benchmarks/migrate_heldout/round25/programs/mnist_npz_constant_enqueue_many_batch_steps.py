"""Tutorial-era MNIST inputs: the whole arrays loaded in numpy, given to train.batch as constants with
enqueue_many=True (one thread, endless), reshaped after the batch, read for a fixed number of steps."""
import os

import numpy as np
import tensorflow as tf


class FLAGS(object):
    distort = False
    batch_size = 4
    max_steps = 6


def write_data(root):
    os.makedirs(root, exist_ok=True)
    images = np.arange(10 * 4, dtype=np.uint8).reshape(10, 2, 2)
    labels = (np.arange(10) * 3 % 10).astype(np.int32)
    path = os.path.join(root, 'mnist_small.npz')
    np.savez(path, images=images, labels=labels)
    return path


def load_dataset(path):
    with np.load(path) as data:
        return data['images'].reshape(-1, 4).astype(np.float32), data['labels']


def distorted_inputs(path, batch_size):
    train_data, train_labels = load_dataset(path)
    images, label_batch = tf.compat.v1.train.shuffle_batch(
        [train_data, train_labels], batch_size=batch_size, num_threads=16,
        capacity=40 + 3 * batch_size, min_after_dequeue=40, enqueue_many=True)
    return tf.reshape(images, [batch_size, 2, 2, 1]), tf.reshape(label_batch, [batch_size])


def inputs(path, batch_size):
    eval_data, eval_labels = load_dataset(path)
    images, label_batch = tf.compat.v1.train.batch(
        [eval_data, eval_labels], batch_size=batch_size, num_threads=1,
        capacity=20, enqueue_many=True)
    return tf.reshape(images, [batch_size, 2, 2, 1]), tf.reshape(label_batch, [batch_size])


def main(data_dir):
    path = write_data(os.path.join(data_dir, 'h25_mnist_npz_constant_enqueue_many_batch_steps'))
    if FLAGS.distort:
        images, labels = distorted_inputs(path, FLAGS.batch_size)
    else:
        images, labels = inputs(path, FLAGS.batch_size)
    pooled = tf.nn.max_pool(images, ksize=[1, 2, 2, 1], strides=[1, 2, 2, 1], padding='VALID')

    batches = []
    sess = tf.compat.v1.Session()
    coord = tf.compat.v1.train.Coordinator()
    threads = tf.compat.v1.train.start_queue_runners(sess=sess, coord=coord)
    for step in range(FLAGS.max_steps):
        img, lab, pool = sess.run([images, labels, pooled])
        batches.append([img.tolist(), lab.tolist(), pool.reshape(-1).tolist()])
    coord.request_stop()
    coord.join(threads)
    sess.close()
    return {'batches': batches, 'end': 'steps'}
