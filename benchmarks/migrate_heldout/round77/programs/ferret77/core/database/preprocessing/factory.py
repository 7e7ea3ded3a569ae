"""core/database/preprocessing/factory.py: picks a preprocessing function by name."""
import tensorflow.compat.v1 as tf


def _plain(image, output_height, output_width, is_training):
    image = tf.image.resize_image_with_crop_or_pad(image, output_height, output_width)
    return tf.cast(image, tf.float32) / 255.0


PREPROCESSING = {'plain': _plain}


def preprocessing(name):
    return PREPROCESSING[name]
