import glob
import os

import tensorflow.compat.v1 as tf

NUM_FEATS = 2


def _feats_and_labels(filename_queue, batch_size):
    """SequenceExamples: frames padded to the longest, the label list a SparseTensor."""
    reader = tf.TFRecordReader()
    _, record = reader.read(filename_queue)
    context, sequence = tf.parse_single_sequence_example(
        record,
        context_features={"label": tf.VarLenFeature(dtype=tf.int64), "n": tf.FixedLenFeature([], tf.int64)},
        sequence_features={"frames": tf.FixedLenSequenceFeature([NUM_FEATS], dtype=tf.float32)})
    labels = context["label"]
    frames, labels, n = tf.train.batch([sequence["frames"], labels, context["n"]], batch_size=batch_size,
                                       capacity=8, dynamic_pad=True)
    return frames, labels, n


def inputs(split, data_dir, batch_size, shuffle=False):
    filenames = sorted(glob.glob(os.path.join(data_dir, split + "-*.tfrecords")))
    filename_queue = tf.train.string_input_producer(filenames, shuffle=shuffle, num_epochs=1)
    return _feats_and_labels(filename_queue, batch_size)
