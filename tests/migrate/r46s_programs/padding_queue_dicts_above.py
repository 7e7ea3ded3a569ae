"""The feature dicts bound above the file queue in the function (FixedLen features only), the parsed
tensors enqueued into a PaddingFIFOQueue under a QueueRunner, read by `dequeue_many`."""
import os

import tensorflow.compat.v1 as tf

from r46s_lib.stems import drain, write_stems


def main(data_dir):
    path = write_stems(os.path.join(data_dir, "r46s_pad"), 9, 700)
    context_features = {"length": tf.FixedLenFeature([], dtype=tf.int64)}
    sequence_features = {"diameters": tf.FixedLenSequenceFeature([], dtype=tf.float32)}
    filename_queue = tf.train.string_input_producer([path], num_epochs=1, shuffle=False)
    reader = tf.TFRecordReader()
    _, ex = reader.read(filename_queue)
    context, sequence = tf.parse_single_sequence_example(ex, context_features=context_features,
                                                         sequence_features=sequence_features)
    queue = tf.PaddingFIFOQueue(16, [tf.int64, tf.float32], shapes=[[], [None]])
    enqueue = queue.enqueue([context["length"], sequence["diameters"]])
    tf.train.add_queue_runner(tf.train.QueueRunner(queue, [enqueue]))
    batch = queue.dequeue_many(3)
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        batches = drain(sess, batch)
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": "OutOfRangeError"}
