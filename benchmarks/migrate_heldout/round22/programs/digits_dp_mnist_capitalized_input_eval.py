"""Differentially private MNIST evaluation (the research repo's shape): capitalised helpers in a package
(`MnistInput(mnist_data_file, batch_size, randomize)` choosing `shuffle_batch` or `batch` by a Python flag, with
an endless producer; `BuildNetwork(inputs, network_parameters)` over `NetworkParameters` / `LayerParameters`
objects); `Eval` runs `(num_testing_images + batch_size - 1) // batch_size` steps, so the last batch wraps into
the second epoch; `six.moves.xrange`; runners started with a coordinator and never joined."""

from __future__ import division

import os
import struct
import zlib

import numpy as np
import tensorflow.compat.v1 as tf
from six.moves import xrange

from dpsgd_lib import utils

NUM_TESTING_IMAGES = 10


def _png(rows):
    raw = b"".join(b"\x00" + bytes(r) for r in rows)

    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    head = struct.pack(">IIBBBBB", len(rows[0]), len(rows), 8, 0, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", head) + chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b"")


def write_test_file(path):
    with tf.python_io.TFRecordWriter(path) as writer:
        for n in range(NUM_TESTING_IMAGES):
            pixels = [[((n + 1) * (r * 4 + c) * 37) % 256 for c in range(4)] for r in range(4)]
            example = tf.train.Example(features=tf.train.Features(feature={
                "image/encoded": tf.train.Feature(bytes_list=tf.train.BytesList(value=[_png(pixels)])),
                "image/class/label": tf.train.Feature(int64_list=tf.train.Int64List(value=[n % 10])),
            }))
            writer.write(example.SerializeToString())


def Eval(mnist_data_file, network_parameters, num_testing_images,
         randomize, load_path=None, batch_size=4):
    """Evaluate MNIST for a number of steps.

    Returns:
      The batches seen and the evaluation accuracy as a float.
    """
    with tf.Graph().as_default(), tf.Session() as sess:
        # Create the basic Mnist model.
        images, labels = utils.MnistInput(mnist_data_file, batch_size, randomize)
        logits, _, _ = utils.BuildNetwork(images, network_parameters)
        softmax = tf.nn.softmax(logits)

        # Reload the model; here the weights come from their initialisers.
        if load_path is None:
            sess.run(tf.global_variables_initializer())

        coord = tf.train.Coordinator()
        _ = tf.train.start_queue_runners(sess=sess, coord=coord)
        total_examples = 0
        correct_predictions = 0
        batches = []
        for _ in xrange((num_testing_images + batch_size - 1) // batch_size):
            predictions, label_values, image_values = sess.run([softmax, labels, images])
            predicted = np.argmax(predictions, 1)
            batches.append([image_values.tolist(), label_values.tolist(), predicted.tolist()])

            total_examples += len(label_values)
            correct_predictions += int(np.sum(predicted == label_values))

        coord.request_stop()

    return batches, correct_predictions / total_examples


def main(data_dir):
    out = os.path.join(data_dir, "h22_digits_dp_mnist_capitalized_input_eval")
    if not os.path.isdir(out):
        os.makedirs(out)
    eval_data_path = os.path.join(out, "mnist_test.tfrecord")
    write_test_file(eval_data_path)

    network_parameters = utils.NetworkParameters()
    network_parameters.input_size = utils.IMAGE_SIZE ** 2
    for name, units, relu in (("hidden0", 6, True), ("logits", 10, False)):
        layer = utils.LayerParameters()
        layer.name = name
        layer.num_units = units
        layer.relu = relu
        layer.gradient_l2norm_bound = 4.0
        network_parameters.layer_parameters.append(layer)

    batches, accuracy = Eval(eval_data_path, network_parameters, num_testing_images=NUM_TESTING_IMAGES,
                             randomize=False, load_path=None)
    return {"batches": batches, "end": round(accuracy, 6)}
