"""Horovod-era MNIST training script: shards chosen by hvd.rank()/hvd.size(), a broadcast hook and a
StopAtStepHook in MonitoredTrainingSession, the learning rate scaled by the number of workers."""
import os

import tensorflow.compat.v1 as tf

import hvd_lib as hvd
from mnist_hvd_lib import input as mnist_input


def conv_model(images, labels):
    flat = tf.reshape(images, [-1, 4])
    with tf.variable_scope('dense'):
        w = tf.get_variable('kernel', [4, 10], initializer=tf.zeros_initializer())
        b = tf.get_variable('bias', [10], initializer=tf.zeros_initializer())
    logits = tf.matmul(flat, w) + b
    loss = tf.losses.sparse_softmax_cross_entropy(labels=labels, logits=logits)
    return logits, loss


def main(data_dir):
    hvd.init()
    root = os.path.join(data_dir, 'h25_horovod_rank_shard_broadcast_hook_monitored')
    mnist_input.write_shards(root)
    with tf.name_scope('input'):
        images, labels = mnist_input.train_input(root, batch_size=3, rank=hvd.rank(), size=hvd.size())
    _, loss = conv_model(images, labels)
    global_step = tf.train.get_or_create_global_step()
    opt = tf.train.GradientDescentOptimizer(0.001 * hvd.size())
    train_op = opt.minimize(loss, global_step=global_step)

    hooks = [hvd.BroadcastGlobalVariablesHook(0), tf.train.StopAtStepHook(last_step=200 // hvd.size())]
    checkpoint_dir = None  # only rank 0 would save: './checkpoints' if hvd.rank() == 0 else None
    batches = []
    with tf.train.MonitoredTrainingSession(checkpoint_dir=checkpoint_dir, hooks=hooks,
                                           save_summaries_steps=None, save_checkpoint_secs=None,
                                           log_step_count_steps=None) as mon_sess:
        while not mon_sess.should_stop():
            x, y, _ = mon_sess.run([images, labels, train_op])
            batches.append([x.tolist(), y.tolist()])
    return {'batches': batches, 'end': 'stopped'}
