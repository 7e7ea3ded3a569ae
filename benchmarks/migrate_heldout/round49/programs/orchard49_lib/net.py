from __future__ import print_function

import numpy as np
import os
import tensorflow.compat.v1 as tf
import time

CLASSNAMES_FILENAME = 'class_names.txt'


class Meta(object):
    WORKING_DIR = '/tmp/' + time.strftime('%Y%m%d')
    CLASS_NAMES = list()

    @staticmethod
    def train(image_dir, working_dir=WORKING_DIR, classnames_filename=CLASSNAMES_FILENAME):
        if not os.path.isdir(working_dir):
            os.makedirs(working_dir)

        class_names = list()
        for class_name in sorted(os.listdir(image_dir)):
            class_dir = os.path.join(image_dir, class_name)
            if not class_name.startswith('.') and os.path.isdir(class_dir):
                class_names.append(class_name)
        np.savetxt(os.path.join(working_dir, classnames_filename), class_names, delimiter=',', fmt='%s')

        return Meta(working_dir=working_dir, class_names=class_names)

    def __init__(self, working_dir=WORKING_DIR, class_names=CLASS_NAMES):
        self.working_dir = working_dir
        self.class_names = class_names


class File(object):
    def __init__(self, image_dir, meta, num_epochs=1, seed=49):
        filenames, labels = list(), list()
        for (num_class, class_name) in enumerate(meta.class_names):
            class_dir = os.path.join(image_dir, class_name)
            for name in sorted(os.listdir(class_dir)):
                if name.endswith('.png'):
                    filenames.append(os.path.join(class_dir, name))
                    labels.append(num_class)
        self.filenames = filenames
        self.labels = labels
        (self.filename, self.label) = tf.train.slice_input_producer(
            [tf.constant(filenames), tf.constant(labels, dtype=tf.int64)],
            num_epochs=num_epochs, shuffle=True, seed=seed)

    def decode(self, size=4):
        content = tf.read_file(self.filename)
        image = tf.image.decode_png(content, channels=3)
        image = tf.image.convert_image_dtype(image, tf.float32)
        image.set_shape((size, size, 3))
        return image


class Batch(object):
    BATCH_SIZE = 4
    TRAIN_CAPACITY = 32 + 8
    MIN_AFTER_DEQUEUE = 8
    NUM_THREADS = 2

    def __init__(self,
                 batch_size=BATCH_SIZE,
                 train_capacity=TRAIN_CAPACITY,
                 min_after_dequeue=MIN_AFTER_DEQUEUE,
                 num_threads=NUM_THREADS):

        self.batch_size = batch_size
        self.train_capacity = train_capacity
        self.min_after_dequeue = min_after_dequeue
        self.num_threads = num_threads

    def train(self, image, label):
        (self.images, self.labels) = tf.train.shuffle_batch(
            [image, label],
            batch_size=self.batch_size,
            num_threads=self.num_threads,
            capacity=self.train_capacity,
            min_after_dequeue=self.min_after_dequeue,
            seed=49)
        return self
