"""`batch_join` of one list under `dynamic_pad=True`: the dicts bound above the file queue (a VarLenFeature of tags in
the context), a length computed from the sequence."""
import os
import tensorflow.compat.v1 as tf
from r46s_lib.stems import drain, write_stems


def main(data_dir):
    path = write_stems(os.path.join(data_dir, "r46s_join"), 9, 700)
    context_features = {"length": tf.FixedLenFeature([], dtype=tf.int64), "tags": tf.VarLenFeature(tf.int64)}
    sequence_features = {"diameters": tf.FixedLenSequenceFeature([], dtype=tf.float32)}
    filename_queue = tf.train.string_input_producer([path], num_epochs=1, shuffle=False)
    reader = tf.TFRecordReader()
    _, ex = reader.read(filename_queue)
    context, sequence = tf.parse_single_sequence_example(ex, context_features=context_features,
                                                         sequence_features=sequence_features)
    length = tf.shape(sequence["diameters"])[0]
    batch = tf.train.batch_join([[length, context["tags"], sequence["diameters"]]], 3, dynamic_pad=True)
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        batches = drain(sess, batch)
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": "OutOfRangeError"}
