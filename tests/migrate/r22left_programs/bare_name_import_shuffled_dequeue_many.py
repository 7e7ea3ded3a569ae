"""A shuffle queue helper of a package submodule imported by its bare name (``from r22left_lib.ops.inputs import
shuffled_values``), its queue's settings given by position, read by ``dequeue_many`` in a function whose
``queue`` name is another value in ``main``."""

import os

import tensorflow.compat.v1 as tf

from r22left_lib.ops.inputs import shuffled_values


def batch_of_labels(data_dir):
    queue = shuffled_values(os.path.join(data_dir, "records-*.tfrecord"), 60)
    serialized = queue.dequeue_many(4)
    parsed = tf.parse_example(serialized, {"label": tf.FixedLenFeature([], tf.int64)})
    return parsed["label"] + 1


def main(data_dir):
    labels = batch_of_labels(data_dir)
    queue = 3
    batches, end = [], None
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                batches.append([sess.run(labels).tolist()])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": batches, "end": end, "queue": queue}
