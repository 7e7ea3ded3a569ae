import tensorflow.compat.v1 as tf
from tensorflow.python.framework import ops
from tensorflow.python.framework import dtypes
import numpy as np


def get_filename_list(path):
    with open(path) as fd:
        image_filenames = []
        label_filenames = []
        for line in fd:
            filenames = line.strip().split(" ")
            image_filenames.append(filenames[0])
            label_filenames.append(filenames[1])

    image_filenames = [name for name in image_filenames]
    label_filenames = [name for name in label_filenames]
    return image_filenames, label_filenames


def dataset_reader(filename_queue, width, height, channels):  # prev name: CamVid_reader

    image_filename = filename_queue[0]
    label_filename = filename_queue[1]

    imageValue = tf.read_file(image_filename)
    labelValue = tf.read_file(label_filename)

    image_bytes = tf.image.decode_png(imageValue)
    label_bytes = tf.image.decode_png(labelValue)

    image = tf.reshape(image_bytes, (height, width, channels))
    label = tf.reshape(label_bytes, (height, width, 1))

    return image, label


def _generate_image_and_label_batch(image, label, batch_size, shuffle):
    num_preprocess_threads = 1
    if shuffle:
        images, label_batch = tf.train.shuffle_batch(
            [image, label], batch_size=batch_size, num_threads=num_preprocess_threads,
            capacity=10 + 3 * batch_size, min_after_dequeue=10)
    else:
        images, label_batch = tf.train.batch(
            [image, label], batch_size=batch_size, num_threads=num_preprocess_threads,
            capacity=10 + 3 * batch_size)
    return images, label_batch


def dataset_inputs(image_filenames, label_filenames, batch_size, width, height, channels, shuffle=True,
                   num_epochs=None):
    images = ops.convert_to_tensor(image_filenames, dtype=dtypes.string)
    labels = ops.convert_to_tensor(label_filenames, dtype=dtypes.string)

    filename_queue = tf.train.slice_input_producer([images, labels], shuffle=shuffle, num_epochs=num_epochs)

    image, label = dataset_reader(filename_queue, width, height, channels)
    reshaped_image = tf.cast(image, tf.float32)
    return _generate_image_and_label_batch(reshaped_image, label, batch_size, shuffle)
