import glob
import os

import tensorflow.compat.v1 as tf

flags = {'image_size': 6, 'c_dim': 1, 'batch_size': 4}


def get_image_batch(data_path, pattern='*.png', num_epochs=None):
    files = sorted(glob.glob(os.path.join(data_path, pattern)))
    filename_queue = tf.train.string_input_producer(files, num_epochs=num_epochs, shuffle=False)
    reader = tf.WholeFileReader()
    key, value = reader.read(filename_queue)
    image = tf.image.decode_png(value, channels=flags['c_dim'])
    image.set_shape([flags['image_size'], flags['image_size'], flags['c_dim']])
    image = tf.cast(image, tf.float32) / 127.5 - 1.0
    min_after_dequeue = 4
    capacity = min_after_dequeue + 3 * flags['batch_size']
    images, keys = tf.train.shuffle_batch([image, key], batch_size=flags['batch_size'], capacity=capacity,
                                          min_after_dequeue=min_after_dequeue, num_threads=2, seed=70)
    return images, keys
