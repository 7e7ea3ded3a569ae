# stand-in for SEGAN's ops module (layers the data loader star-imports but does not use)
import tensorflow.compat.v1 as tf
import numpy as np


def leakyrelu(x, alpha=0.3, name='lrelu'):
    return tf.maximum(x, alpha * x, name=name)
