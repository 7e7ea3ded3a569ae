"""Mean subtraction and label handling, as in the DeepLab-ResNet reader."""
import numpy as np
import tensorflow.compat.v1 as tf

IMG_MEAN = np.array((10.0, 20.0, 30.0), dtype=np.float32)
IGNORE_LABEL = 255


def subtract_mean(img, img_mean=IMG_MEAN):
    img_r, img_g, img_b = tf.split(axis=2, num_or_size_splits=3, value=tf.cast(img, tf.float32))
    img = tf.cast(tf.concat(axis=2, values=[img_b, img_g, img_r]), dtype=tf.float32)
    return img - img_mean


def clean_label(label, num_classes):
    label = tf.cast(label, tf.int32)
    return tf.where(tf.greater_equal(label, num_classes), tf.fill(tf.shape(label), IGNORE_LABEL), label)
