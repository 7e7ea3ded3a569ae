"""Builds the tower part of the CIFAR-10 multi-GPU trainer."""
import re

import tensorflow.compat.v1 as tf

from cifar31_lib import cifar10_input

TOWER_NAME = 'tower'


def prefetch_queue(tensors, capacity=8, num_threads=1, name=None):
    """A queue prefetching whole batches (slim's prefetch_queue, written out)."""
    with tf.name_scope(name, 'prefetch_queue', tensors):
        dtypes = [t.dtype for t in tensors]
        shapes = [t.get_shape() for t in tensors]
        queue = tf.FIFOQueue(capacity=capacity, dtypes=dtypes, shapes=shapes, name='fifo_queue')
        enqueue_op = queue.enqueue(tensors)
        tf.train.add_queue_runner(tf.train.QueueRunner(queue, [enqueue_op] * num_threads))
        return queue


def tower_summary(images, labels, scope):
    tensor_name = re.sub('%s_[0-9]*/' % TOWER_NAME, '', images.op.name)
    mean = tf.reduce_mean(images, axis=[1, 2, 3], name='image_mean')
    onehot = tf.one_hot(labels, cifar10_input.NUM_CLASSES)
    return {'name': tensor_name, 'mean': mean, 'label': labels, 'classes': tf.reduce_sum(onehot, 0)}
