import glob
import os.path

import tensorflow.compat.v1 as tf

ALPHABET = "ABCDEFGH' "
NUM_CLASSES = len(ALPHABET) + 1
NUM_PER_EPOCH_FOR_TRAIN = 6
NUM_MFCC = 3


def _generate_feats_and_label_batch(filename_queue, batch_size):
    """Construct a queued batch of spectral features and transcriptions."""
    reader = tf.TFRecordReader()
    _, serialized_example = reader.read(filename_queue)
    context_features = {
        "seq_length": tf.FixedLenFeature([], dtype=tf.int64),
        "label": tf.VarLenFeature(dtype=tf.int64),
    }
    sequence_features = {"feats": tf.FixedLenSequenceFeature([NUM_MFCC], dtype=tf.float32)}
    context_parsed, sequence_parsed = tf.parse_single_sequence_example(
        serialized=serialized_example, context_features=context_features, sequence_features=sequence_features)
    feats, labels, seq_lens = tf.train.batch(
        [sequence_parsed["feats"], context_parsed["label"], tf.cast(context_parsed["seq_length"], tf.int32)],
        batch_size=batch_size, num_threads=1, capacity=16, dynamic_pad=True)
    return feats, labels, seq_lens


def inputs(eval_data, data_dir, batch_size, shuffle=False):
    if eval_data == "train":
        filenames = sorted(glob.glob(os.path.join(data_dir, "train*.tfrecords")))
    else:
        filenames = sorted(glob.glob(os.path.join(data_dir, "eval*.tfrecords")))
    for f in filenames:
        if not tf.gfile.Exists(f):
            raise ValueError("Failed to find file: " + f)
    filename_queue = tf.train.string_input_producer(filenames, shuffle=shuffle, num_epochs=1)
    return _generate_feats_and_label_batch(filename_queue, batch_size)
