"""Segmentation-style ImageReader: a list file of image paths and labels, a slice producer, a dequeue method."""

import os

import tensorflow.compat.v1 as tf


def read_labeled_image_list(data_dir, data_list):
    images, labels = [], []
    with open(data_list) as f:
        for line in f:
            image, label = line.strip("\n").split(" ")
            images.append(os.path.join(data_dir, image))
            labels.append(int(label))
    return images, labels


def read_images_from_disk(input_queue, input_size, random_scale):
    img_contents = tf.read_file(input_queue[0])
    label = input_queue[1]
    img = tf.image.decode_png(img_contents, channels=1)
    img = tf.cast(img, dtype=tf.float32)
    if input_size is not None:
        h, w = input_size
        if random_scale:
            img = tf.image.random_flip_left_right(img)
        img = tf.image.resize_image_with_crop_or_pad(img, h, w)
    img = tf.image.per_image_standardization(img)
    return img, label


class ImageReader(object):
    """Reads images and their labels from disk into a batch queue."""

    def __init__(self, data_dir, data_list, input_size, random_scale, coord, num_epochs=1):
        self.data_dir = data_dir
        self.data_list = data_list
        self.input_size = input_size
        self.coord = coord
        self.image_list, self.label_list = read_labeled_image_list(self.data_dir, self.data_list)
        self.images = tf.convert_to_tensor(self.image_list, dtype=tf.string)
        self.labels = tf.convert_to_tensor(self.label_list, dtype=tf.int32)
        self.queue = tf.train.slice_input_producer([self.images, self.labels], shuffle=False,
                                                   num_epochs=num_epochs)
        self.image, self.label = read_images_from_disk(self.queue, self.input_size, random_scale)

    def dequeue(self, num_elements):
        image_batch, label_batch = tf.train.batch([self.image, self.label], num_elements)
        return image_batch, label_batch
