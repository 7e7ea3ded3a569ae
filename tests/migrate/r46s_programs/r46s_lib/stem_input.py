"""A class whose method writes its feature dicts above its file queue (keyed by the module's names, as im2txt
keys them), then pads its batch."""
import tensorflow.compat.v1 as tf

LENGTH_KEY = "length"
DIAMETERS_KEY = "diameters"


class StemInput(object):
    def __init__(self, path, batch_size):
        self.path = path
        self.batch_size = batch_size

    def batches(self):
        context_features = {LENGTH_KEY: tf.FixedLenFeature([], dtype=tf.int64)}
        sequence_features = {
            DIAMETERS_KEY: tf.FixedLenSequenceFeature([], dtype=tf.float32),
            "labels": tf.FixedLenSequenceFeature([], dtype=tf.int64),
        }
        filename_queue = tf.train.string_input_producer([self.path], num_epochs=1, shuffle=False)
        reader = tf.TFRecordReader()
        _, ex = reader.read(filename_queue)
        context_parsed, sequence_parsed = tf.parse_single_sequence_example(
            serialized=ex, context_features=context_features, sequence_features=sequence_features)
        lengths, diameters, labels = tf.train.batch(
            tensors=[context_parsed[LENGTH_KEY], sequence_parsed[DIAMETERS_KEY], sequence_parsed["labels"]],
            batch_size=self.batch_size, dynamic_pad=True, name="stem_batch")
        return lengths, diameters, labels
