# ============================================================== #
#                        Dataset Loader                          #
#                                                                #
#                                                                #
# Processing occurs on a single image at a time. Images are      #
# read and preprocessed in parallel across multiple threads. A   #
# Batch is then formed from these data to be used for training   #
# or evaluation                                                  #
# ============================================================== #

from __future__ import print_function

import tensorflow.compat.v1 as tf


IMAGE_FORMAT = 'PNG'


def _decode(image_buffer):
    if IMAGE_FORMAT == 'PNG':
        return tf.image.decode_png(image_buffer, channels=1)
    return tf.image.decode_jpeg(image_buffer, channels=1)


def read_image(filename_queue):
    reader = tf.WholeFileReader()
    key, value = reader.read(filename_queue)
    image = _decode(value)
    image.set_shape([3, 3, 1])
    return key, image


def preprocess(image, train):
    image = tf.image.convert_image_dtype(image, tf.float32)
    if train:
        image = tf.image.flip_left_right(image)
    return tf.reshape(image, [9])


def inputs(filenames, batch_size, num_epochs=1, num_threads=3, train=True):
    with tf.name_scope('input_pipeline'):
        filename_queue = tf.train.string_input_producer(filenames, num_epochs=num_epochs, shuffle=train)
        # one reader/preprocess chain per thread, joined into one batch
        examples = []
        for thread_id in range(num_threads):
            key, image = read_image(filename_queue)
            examples.append([key, preprocess(image, train)])
        keys, images = tf.train.batch_join(examples, batch_size=batch_size,
                                           capacity=2 * num_threads * batch_size)
    return keys, images
