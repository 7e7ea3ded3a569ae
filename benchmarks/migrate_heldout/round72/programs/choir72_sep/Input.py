import tensorflow.compat.v1 as tf
import numpy as np


def get_multitrack_placeholders(shape, input_shape=None, name=""):
    '''
    Creates Tensorflow placeholders for mixture, accompaniment, and voice.
    :param shape: Shape of each individual sample
    :return: List of multitrack placeholders for mixture, accompaniment, and voice
    '''
    if input_shape is None:
        input_shape = shape
    m = tf.placeholder(dtype=tf.float32, shape=input_shape, name="mix_input" + name)
    a = tf.placeholder(dtype=tf.float32, shape=shape, name="acc_input" + name)
    v = tf.placeholder(dtype=tf.float32, shape=shape, name="voice_input" + name)
    return m, a, v


def get_multitrack_queue(shape, capacity=32):
    '''A FIFO queue of (mix, accompaniment, voice) frames, fed by enqueue_many'''
    queue = tf.FIFOQueue(capacity, [tf.float32, tf.float32, tf.float32],
                         shapes=[shape[1:], shape[1:], shape[1:]])
    return queue


def load_stems(path):
    stems = np.load(path)
    return stems['mix'], stems['acc'], stems['voice']
