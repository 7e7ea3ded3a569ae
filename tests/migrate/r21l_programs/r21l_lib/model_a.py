"""The model class of the three-module layout: a reader held on `self`, `is_training()` a method (the mode known
only at run time: both queue kinds kept, chosen as legacy chose), one dequeue per preprocessing copy."""

import tensorflow.compat.v1 as tf

from r21l_lib import batching_a
from r21l_lib import prefetch_a as input_ops


def parse(serialized):
    features = tf.parse_single_example(serialized, {"x": tf.FixedLenFeature([3], tf.float32),
                                                    "label": tf.FixedLenFeature([1], tf.int64)})
    caption = tf.range(tf.reshape(features["label"], []) % 4 + 2)
    return features["x"], caption


class CaptionModel(object):

    def __init__(self, file_pattern, mode, num_preprocess_threads=2):
        self.file_pattern = file_pattern
        self.mode = mode
        self.num_preprocess_threads = num_preprocess_threads
        self.reader = tf.TFRecordReader()
        self.xs = self.input_seqs = self.target_seqs = self.mask = None

    def is_training(self):
        return self.mode == "train"

    def process(self, x, thread_id=0):
        return tf.multiply(tf.reduce_sum(x), 2.0, name="process_%d" % thread_id)

    def build_inputs(self):
        input_queue = input_ops.prefetch_input_data(
            self.reader,
            self.file_pattern,
            is_training=self.is_training(),
            batch_size=4,
            num_reader_threads=2)
        images_and_captions = []
        for thread_id in range(self.num_preprocess_threads):
            serialized_sequence_example = input_queue.dequeue()
            x, caption = parse(serialized_sequence_example)
            image = self.process(x, thread_id=thread_id)
            images_and_captions.append([image, caption])
        queue_capacity = 2 * self.num_preprocess_threads * 4
        xs, input_seqs, target_seqs, mask = batching_a.batch_with_dynamic_pad(
            images_and_captions, batch_size=4, queue_capacity=queue_capacity)
        self.xs, self.input_seqs, self.target_seqs, self.mask = xs, input_seqs, target_seqs, mask
