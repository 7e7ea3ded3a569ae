"""CycleGAN-style Reader: one per domain; `feed()` builds the pipeline under the reader's name scope."""

import os

import tensorflow.compat.v1 as tf


class Reader():
    def __init__(self, tfrecords_files, image_size=3, min_queue_examples=20, batch_size=10, num_threads=1,
                 name=""):
        """
        Args:
          tfrecords_files: list of tfrecords file paths
          min_queue_examples: minimum number of samples to retain in the queue
          batch_size: number of images per batch
          num_threads: number of preprocess threads
        """
        self.tfrecords_files = tfrecords_files
        self.image_size = image_size
        self.min_queue_examples = min_queue_examples
        self.batch_size = batch_size
        self.num_threads = num_threads
        self.reader = tf.TFRecordReader()
        self.name = name

    def feed(self):
        """Returns: images (batch_size, image_size) and their ids (batch_size,)."""
        with tf.name_scope(self.name):
            filename_queue = tf.train.string_input_producer(self.tfrecords_files, num_epochs=1)

            _, serialized_example = self.reader.read(filename_queue)
            features = tf.parse_single_example(
                serialized_example,
                features={
                    "x": tf.FixedLenFeature([self.image_size], tf.float32),
                    "label": tf.FixedLenFeature([], tf.int64),
                })

            image = self._preprocess(features["x"])
            images, ids = tf.train.shuffle_batch(
                [image, features["label"]], batch_size=self.batch_size, num_threads=self.num_threads,
                capacity=self.min_queue_examples + 3 * self.batch_size,
                min_after_dequeue=self.min_queue_examples, seed=7)
        return images, ids

    def _preprocess(self, image):
        return image / 100.0 - 1.0


def domain_files(data_dir, domain):
    shards = {"X": (0, 1), "Y": (2, 3)}[domain]
    return [os.path.join(data_dir, "records-%d.tfrecord" % s) for s in shards]
