"""`from tensorflow.compat.v1 import train`: the feature dicts are the module's constants (a VarLenFeature of tags
in the context), parsed positionally; `train.batch(dynamic_pad=True)` called by two callers of one helper."""
import os

import tensorflow.compat.v1 as tf
from tensorflow.compat.v1 import train

from r46s_lib.stems import drain, write_stems

CONTEXT_FEATURES = {
    "length": tf.FixedLenFeature([], dtype=tf.int64),
    "tags": tf.VarLenFeature(tf.int64),
}
SEQUENCE_FEATURES = {
    "diameters": tf.FixedLenSequenceFeature([], dtype=tf.float32),
    "labels": tf.FixedLenSequenceFeature([], dtype=tf.int64),
}


def stem_batches(path, batch_size):
    filename_queue = train.string_input_producer([path], num_epochs=1, shuffle=False)
    reader = tf.TFRecordReader()
    _, serialized = reader.read(filename_queue)
    context, sequence = tf.parse_single_sequence_example(serialized, CONTEXT_FEATURES, SEQUENCE_FEATURES)
    return train.batch([context["length"], context["tags"], sequence["diameters"], sequence["labels"]],
                       batch_size=batch_size, dynamic_pad=True)


def main(data_dir):
    first = stem_batches(write_stems(os.path.join(data_dir, "r46s_mod_a"), 8, 100), 2)
    second = stem_batches(write_stems(os.path.join(data_dir, "r46s_mod_b"), 9, 300), 3)
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = train.Coordinator()
        threads = train.start_queue_runners(sess=sess, coord=coord)
        batches = drain(sess, first) + drain(sess, second)
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": "OutOfRangeError"}
