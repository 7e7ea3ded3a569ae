"""Trains on a line-follower robot's IR sensor array using data preloaded into
non-trainable variables (the variables are initialised from placeholders so the
arrays are not baked into the graph), sliced by slice_input_producer and batched."""
from __future__ import absolute_import
from __future__ import division
from __future__ import print_function

import collections
import os
import time

import numpy as np
import tensorflow.compat.v1 as tf

DataSet = collections.namedtuple('DataSet', ['images', 'labels'])
DataSets = collections.namedtuple('DataSets', ['train', 'validation'])


class FLAGS(object):
    learning_rate = 0.05
    num_epochs = 1
    batch_size = 4
    train_dir = None


def read_data_sets(train_dir):
    """8 IR reflectance values per reading, label = steering class (0 left, 1 ahead, 2 right)."""
    if not os.path.exists(train_dir):
        os.makedirs(train_dir)
    path = os.path.join(train_dir, 'ir_readings.npz')
    rng = np.random.RandomState(88)
    readings = np.round(rng.uniform(0, 1, size=(16, 8)), 3).astype(np.float32)
    centre = (readings * np.arange(8)).sum(1) / readings.sum(1)
    labels = np.digitize(centre, [3.2, 3.8]).astype(np.uint8)
    np.savez(path, readings=readings, labels=labels)
    d = np.load(path)
    return DataSets(train=DataSet(d['readings'][:12], d['labels'][:12]),
                    validation=DataSet(d['readings'][12:], d['labels'][12:]))


def run_training():
    data_sets = read_data_sets(FLAGS.train_dir)

    with tf.Graph().as_default():
        with tf.name_scope('input'):
            # Input data
            images_initializer = tf.placeholder(
                dtype=data_sets.train.images.dtype,
                shape=data_sets.train.images.shape)
            labels_initializer = tf.placeholder(
                dtype=data_sets.train.labels.dtype,
                shape=data_sets.train.labels.shape)
            input_images = tf.Variable(
                images_initializer, trainable=False, collections=[])
            input_labels = tf.Variable(
                labels_initializer, trainable=False, collections=[])

            image, label = tf.train.slice_input_producer(
                [input_images, input_labels], num_epochs=FLAGS.num_epochs, seed=4)
            label = tf.cast(label, tf.int32)
            images, labels = tf.train.batch(
                [image, label], batch_size=FLAGS.batch_size)

        # a linear steering model on the 8 sensors
        weights = tf.get_variable('weights', [8, 3], initializer=tf.zeros_initializer())
        logits = tf.matmul(images, weights)
        loss = tf.reduce_mean(tf.nn.sparse_softmax_cross_entropy_with_logits(
            labels=labels, logits=logits))
        train_op = tf.train.GradientDescentOptimizer(FLAGS.learning_rate).minimize(loss)

        init_op = tf.group(tf.global_variables_initializer(),
                           tf.local_variables_initializer())
        sess = tf.Session()
        sess.run(init_op)
        sess.run(input_images.initializer,
                 feed_dict={images_initializer: data_sets.train.images})
        sess.run(input_labels.initializer,
                 feed_dict={labels_initializer: data_sets.train.labels})

        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)

        batches = []
        try:
            step = 0
            while not coord.should_stop():
                start_time = time.time()
                _, loss_value, x, y = sess.run([train_op, loss, images, labels])
                duration = time.time() - start_time
                batches.append([np.round(x.astype(np.float64), 3).tolist(), y.tolist()])
                step += 1
        except tf.errors.OutOfRangeError:
            end = 'Done training for %d epochs, %d steps.' % (FLAGS.num_epochs, step)
        finally:
            coord.request_stop()

        coord.join(threads)
        sess.close()
    return batches, end


def main(data_dir):
    FLAGS.train_dir = os.path.join(data_dir, 'h41_line_follower')
    batches, end = run_training()
    return {'batches': batches, 'end': end}
