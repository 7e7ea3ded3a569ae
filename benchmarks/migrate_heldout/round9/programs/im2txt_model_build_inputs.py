"""im2txt's shape: a model class whose config decides the sizes; build_inputs() prefetches serialized records
into a queue (helper module), parses them in several preprocessing threads and joins them into a batch."""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import tensorflow.compat.v1 as tf

from captioning_lib import input_ops


class ModelConfig(object):
    """Wrapper class for model hyperparameters."""

    def __init__(self):
        self.input_file_pattern = None
        self.values_per_input_shard = 45
        self.input_queue_capacity_factor = 2
        self.num_input_reader_threads = 1
        self.value_feature_name = "x"
        self.label_feature_name = "label"
        self.batch_size = 8
        self.num_preprocess_threads = 2
        self.num_epochs = 1


class ShowAndTellInputs(object):

    def __init__(self, config, mode):
        assert mode in ["train", "eval", "inference"]
        self.config = config
        self.mode = mode
        self.reader = tf.TFRecordReader()
        self.values = None
        self.labels = None
        self.weights = None

    def is_training(self):
        return self.mode == "train"

    def build_inputs(self):
        input_queue = input_ops.prefetch_input_data(
            self.reader,
            self.config.input_file_pattern,
            is_training=self.is_training(),
            batch_size=self.config.batch_size,
            values_per_shard=self.config.values_per_input_shard,
            input_queue_capacity_factor=self.config.input_queue_capacity_factor,
            num_reader_threads=self.config.num_input_reader_threads,
            num_epochs=self.config.num_epochs)

        assert self.config.num_preprocess_threads % 2 == 0
        values_and_labels = []
        for thread_id in range(self.config.num_preprocess_threads):
            serialized = input_queue.dequeue()
            value, label = input_ops.parse_sequence_example(
                serialized, value_feature=self.config.value_feature_name,
                label_feature=self.config.label_feature_name)
            values_and_labels.append([value * 2.0, label])

        queue_capacity = 2 * self.config.num_preprocess_threads * self.config.batch_size
        self.values, self.labels, self.weights = input_ops.batch_with_weights(
            values_and_labels, batch_size=self.config.batch_size, queue_capacity=queue_capacity)

    def build(self):
        self.build_inputs()


def main(data_dir):
    config = ModelConfig()
    config.input_file_pattern = os.path.join(data_dir, "records-*.tfrecord")
    model = ShowAndTellInputs(config, mode="eval")
    model.build()

    batches = []
    end = "should_stop"
    try:
        with tf.train.MonitoredSession() as sess:
            while not sess.should_stop():
                v, l, w = sess.run([model.values, model.labels, model.weights])
                batches.append([v.tolist(), l.tolist(), w.tolist()])
    except tf.errors.OutOfRangeError:
        end = "OutOfRangeError"
    return {"batches": batches, "end": end}
