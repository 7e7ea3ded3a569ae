"""The reader helper: one SequenceExample read from the file queue it is handed, its context merged into the
feature dict, the frames reshaped."""
import tensorflow.compat.v1 as tf

from q3_lib.records import FRAME


def read_sequence(file_queue):
    reader = tf.TFRecordReader()
    _, serialized = reader.read(file_queue)
    context, sequences = tf.parse_single_sequence_example(
        serialized,
        context_features={"length": tf.FixedLenFeature([], tf.int64),
                          "speaker": tf.FixedLenFeature([], tf.int64)},
        sequence_features={"frames": tf.FixedLenSequenceFeature([], tf.float32),
                           "tokens": tf.FixedLenSequenceFeature([], tf.int64)})
    sequences.update(context)
    sequences["frames"] = tf.reshape(sequences["frames"], (-1, FRAME))
    return sequences
