"""A DeepLab-style reader: image / mask paths sliced in `__init__`, read per element into attributes, and a
`dequeue` method that batches them (never called by the programs); the coordinator handed to it is only stored."""

import tensorflow.compat.v1 as tf


def read_pair(input_queue, scale):
    img = tf.image.decode_png(tf.read_file(input_queue[0]), channels=1)
    img = tf.cast(img, tf.float32) * scale
    mask = tf.image.decode_png(tf.read_file(input_queue[1]), channels=1)
    return img, mask


class SegReader(object):
    def __init__(self, images, masks, scale, coord, shuffle=False):
        self.coord = coord
        self.images = tf.convert_to_tensor(images, dtype=tf.string)
        self.masks = tf.convert_to_tensor(masks, dtype=tf.string)
        self.queue = tf.train.slice_input_producer([self.images, self.masks], shuffle=shuffle)
        self.image, self.label = read_pair(self.queue, scale)

    def dequeue(self, num_elements):
        image_batch, label_batch = tf.train.batch([self.image, self.label], num_elements)
        return image_batch, label_batch
