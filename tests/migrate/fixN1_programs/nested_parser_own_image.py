"""A nested parser before the producer rebinding its own `image` (read between), and a comprehension whose
variable is also spelled `image` after the batch."""
import os

import tensorflow.compat.v1 as tf

from n1_lib import records


def input_fn(filename, batch_size=3):

    def example_parser(serialized):
        features = tf.parse_single_example(serialized, features={
            "raw": tf.FixedLenFeature([], tf.string),
            "tag": tf.FixedLenFeature([], tf.int64),
        })
        image = tf.decode_raw(features["raw"], tf.uint8)
        image.set_shape([4])
        image = tf.cast(image, tf.float32) - 0.5
        label = tf.cast(features["tag"], tf.int32)
        return image, tf.one_hot(label % 2, 2)

    queue = tf.train.string_input_producer([filename], num_epochs=1, shuffle=False)
    reader = tf.TFRecordReader()
    _, serialized = reader.read(queue)
    image, label = example_parser(serialized)
    images, labels = tf.train.batch([image, label], batch_size=batch_size)
    names = ["image_%d" % image for image in range(2)]
    return images, labels, names


def main(data_dir):
    path = records.write(os.path.join(data_dir, "n1_own"), count=9, seed=5)
    images, labels, names = input_fn(path)
    out = records.drain([images, labels])
    out["names"] = names
    return out
