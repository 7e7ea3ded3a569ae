"""Builds the (fully connected) network: inference, loss, training."""

import numpy as np
import tensorflow.compat.v1 as tf

NUM_CLASSES = 10


def inference(images, hidden1_units):
    with tf.name_scope('hidden1'):
        weights = tf.Variable(np.linspace(-0.2, 0.2, 16 * hidden1_units).reshape(16, hidden1_units)
                              .astype(np.float32), name='weights')
        biases = tf.Variable(tf.zeros([hidden1_units]), name='biases')
        hidden1 = tf.nn.relu(tf.matmul(images, weights) + biases)
    with tf.name_scope('softmax_linear'):
        weights = tf.Variable(np.linspace(0.3, -0.3, hidden1_units * NUM_CLASSES)
                              .reshape(hidden1_units, NUM_CLASSES).astype(np.float32), name='weights')
        biases = tf.Variable(tf.zeros([NUM_CLASSES]), name='biases')
        logits = tf.matmul(hidden1, weights) + biases
    return logits


def loss(logits, labels):
    labels = tf.to_int64(labels)
    return tf.losses.sparse_softmax_cross_entropy(labels=labels, logits=logits)


def training(loss, learning_rate):
    tf.summary.scalar('loss', loss)
    optimizer = tf.train.GradientDescentOptimizer(learning_rate)
    global_step = tf.train.get_or_create_global_step()
    train_op = optimizer.minimize(loss, global_step=global_step)
    return train_op
