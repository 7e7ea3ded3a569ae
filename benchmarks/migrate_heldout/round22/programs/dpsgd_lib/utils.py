"""Utils for building and training NN models (the differentially private MNIST example's helpers)."""

from __future__ import division

import numpy as np
import tensorflow.compat.v1 as tf

IMAGE_SIZE = 4


class LayerParameters(object):
    """class that defines a non-conv layer."""
    def __init__(self):
        self.name = ""
        self.num_units = 0
        self._with_bias = False
        self.relu = False
        self.gradient_l2norm_bound = 0.0
        self.bias_gradient_l2norm_bound = 0.0
        self.trainable = True
        self.weight_decay = 0.0


class NetworkParameters(object):
    """class that define the overall model structure."""
    def __init__(self):
        self.input_size = 0
        self.projection_type = 'NONE'  # NONE, RANDOM, PCA
        self.projection_dimensions = 0
        self.default_gradient_l2norm_bound = 0.0
        self.layer_parameters = []  # List of LayerParameters


def MnistInput(mnist_data_file, batch_size, randomize):
    """Create operations to read the MNIST input file.

    Args:
      mnist_data_file: Path of a file containing the MNIST images to process.
      batch_size: size of the mini batches to generate.
      randomize: If true, randomize the dataset.

    Returns:
      images: A tensor with the formatted image data. shape [batch_size, 16]
      labels: A tensor with the labels for each image.  shape [batch_size]
    """
    file_queue = tf.train.string_input_producer([mnist_data_file])
    reader = tf.TFRecordReader()
    _, value = reader.read(file_queue)
    example = tf.parse_single_example(
        value,
        features={"image/encoded": tf.FixedLenFeature(shape=(), dtype=tf.string),
                  "image/class/label": tf.FixedLenFeature([1], tf.int64)})

    image = tf.cast(tf.image.decode_png(example["image/encoded"], channels=1),
                    tf.float32)
    image = tf.reshape(image, [IMAGE_SIZE * IMAGE_SIZE])
    image /= 255
    label = tf.cast(example["image/class/label"], dtype=tf.int32)
    label = tf.reshape(label, [])

    if randomize:
        images, labels = tf.train.shuffle_batch(
            [image, label], batch_size=batch_size,
            capacity=(batch_size * 100),
            min_after_dequeue=(batch_size * 10))
    else:
        images, labels = tf.train.batch([image, label], batch_size=batch_size)

    return images, labels


def BuildNetwork(inputs, network_parameters):
    """Build a network using the given parameters.

    Returns:
      output tensor of the network, the training parameters, and the projection.
    """
    training_parameters = {}
    num_inputs = network_parameters.input_size
    outputs = inputs
    projection = None

    for layer_parameters in network_parameters.layer_parameters:
        num_units = layer_parameters.num_units
        with tf.variable_scope(layer_parameters.name):
            init = np.linspace(-0.5, 0.5, num_inputs * num_units).reshape(num_inputs, num_units)
            weights = tf.Variable(init.astype(np.float32), trainable=layer_parameters.trainable,
                                  name="weights")
            training_parameters[weights.name] = {}
            if layer_parameters.gradient_l2norm_bound:
                training_parameters[weights.name]["gradient_l2norm_bound"] = (
                    layer_parameters.gradient_l2norm_bound)
            outputs = tf.matmul(outputs, weights)
            if layer_parameters._with_bias:
                biases = tf.Variable(tf.zeros([num_units]), name="biases")
                outputs += biases
            if layer_parameters.relu:
                outputs = tf.nn.relu(outputs)
            num_inputs = num_units

    return outputs, projection, training_parameters
