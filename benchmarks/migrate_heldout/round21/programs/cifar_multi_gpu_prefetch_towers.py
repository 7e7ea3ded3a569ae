"""cifar10_multi_gpu_train's layout on CIFAR-style binary records: `inputs()` batches under `/cpu:0`, a
prefetch queue of whole batches (hand-built FIFOQueue + QueueRunner, package `multigpu_lib`), one
`batch_queue.dequeue()` per tower under `tf.device('/gpu:%d')` with shared variables and averaged gradients;
the session with soft placement, runners started with `start_queue_runners(sess=sess)` and no coordinator."""

from __future__ import absolute_import
from __future__ import division
from __future__ import print_function

import os
import re

import numpy as np
from six.moves import xrange  # pylint: disable=redefined-builtin
import tensorflow.compat.v1 as tf

from multigpu_lib import cifar10_input
from multigpu_lib.prefetch import prefetch_queue

BATCH_SIZE = 5
NUM_GPUS = 2
MAX_STEPS = 1000
TOWER_NAME = 'tower'


def write_batches(data_dir):
    folder = os.path.join(data_dir, "h21_cifar10_multi")
    os.makedirs(folder, exist_ok=True)
    n = 0
    for i in range(1, 3):
        with open(os.path.join(folder, "data_batch_%d.bin" % i), "wb") as out:
            for _ in range(20):
                label = n % 10
                image = np.array([(n * 13 + k * 5) % 256 for k in range(48)], dtype=np.uint8)
                out.write(bytes([label]) + image.tobytes())
                n += 1
    return folder


def inference(images):
    with tf.variable_scope('softmax_linear'):
        reshape = tf.reshape(images, [BATCH_SIZE, -1])
        weights = tf.get_variable('weights', [48, cifar10_input.NUM_CLASSES],
                                  initializer=tf.constant_initializer(0.01))
        biases = tf.get_variable('biases', [cifar10_input.NUM_CLASSES], initializer=tf.constant_initializer(0.0))
        return tf.add(tf.matmul(reshape, weights), biases, name='logits')


def tower_loss(scope, images, labels):
    """Calculate the total loss on a single tower running the CIFAR model."""
    logits = inference(images)
    labels = tf.cast(labels, tf.int64)
    cross_entropy = tf.nn.sparse_softmax_cross_entropy_with_logits(labels=labels, logits=logits,
                                                                   name='cross_entropy_per_example')
    cross_entropy_mean = tf.reduce_mean(cross_entropy, name='cross_entropy')
    tf.add_to_collection('losses', cross_entropy_mean)
    # Assemble all of the losses for the current tower only.
    losses = tf.get_collection('losses', scope)
    total_loss = tf.add_n(losses, name='total_loss')
    for l in losses + [total_loss]:
        loss_name = re.sub('%s_[0-9]*/' % TOWER_NAME, '', l.op.name)
        tf.summary.scalar(loss_name, l)
    return total_loss


def average_gradients(tower_grads):
    """Calculate the average gradient for each shared variable across all towers."""
    average_grads = []
    for grad_and_vars in zip(*tower_grads):
        grads = []
        for g, _ in grad_and_vars:
            expanded_g = tf.expand_dims(g, 0)
            grads.append(expanded_g)
        grad = tf.concat(axis=0, values=grads)
        grad = tf.reduce_mean(grad, 0)
        v = grad_and_vars[0][1]
        average_grads.append((grad, v))
    return average_grads


def train(data_dir):
    """Train CIFAR-10 for a number of steps (here: one pass over the data)."""
    with tf.device('/cpu:0'):
        global_step = tf.get_variable('global_step', [], initializer=tf.constant_initializer(0), trainable=False)
        opt = tf.train.GradientDescentOptimizer(0.1)

        # Get images and labels for CIFAR-10.
        images, labels = cifar10_input.inputs(False, data_dir, BATCH_SIZE, num_epochs=1)
        batch_queue = prefetch_queue([images, labels], capacity=2 * NUM_GPUS)

        # Calculate the gradients for each model tower.
        tower_grads = []
        tower_batches = []
        with tf.variable_scope(tf.get_variable_scope()):
            for i in xrange(NUM_GPUS):
                with tf.device('/gpu:%d' % i):
                    with tf.name_scope('%s_%d' % (TOWER_NAME, i)) as scope:
                        # Dequeues one batch for the GPU
                        image_batch, label_batch = batch_queue.dequeue()
                        loss = tower_loss(scope, image_batch, label_batch)
                        # Reuse variables for the next tower.
                        tf.get_variable_scope().reuse_variables()
                        grads = opt.compute_gradients(loss)
                        tower_grads.append(grads)
                        tower_batches.append([label_batch, tf.reduce_max(image_batch, axis=[1, 2, 3]),
                                              image_batch[:, 0, 0, :]])

        grads = average_gradients(tower_grads)
        train_op = opt.apply_gradients(grads, global_step=global_step)

        init = tf.global_variables_initializer()
        sess = tf.Session(config=tf.ConfigProto(allow_soft_placement=True, log_device_placement=False))
        sess.run(init)
        sess.run(tf.local_variables_initializer())

        # Start the queue runners.
        tf.train.start_queue_runners(sess=sess)

        batches = []
        step = 0
        for step in xrange(MAX_STEPS):
            try:
                _, loss_value, towers = sess.run([train_op, loss, tower_batches])
            except tf.errors.OutOfRangeError:
                break
            assert not np.isnan(loss_value), 'Model diverged with loss = NaN'
            for labels_v, sums, pixels in towers:
                batches.append([labels_v.tolist(), [round(float(s), 3) for s in sums],
                                [[round(float(v), 3) for v in p] for p in pixels]])
        end = [step, int(sess.run(global_step))]
        sess.close()
        return {"batches": batches, "end": end}


def main(data_dir):
    return train(write_batches(data_dir))
