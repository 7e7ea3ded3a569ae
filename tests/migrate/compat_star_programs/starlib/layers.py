# layers a record helper star-imports without using them (their module imports TensorFlow itself)
import tensorflow.compat.v1 as tf


def leaky(x, alpha=0.2):
    return tf.maximum(x, alpha * x)
