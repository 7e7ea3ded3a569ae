"""A prefetch helper of a package submodule (``from r22left_lib.ops import inputs``), a FIFOQueue by ``if not
shuffle``, dequeued once per preprocessing copy in a function that joins the copies with ``batch_join``
(im2txt's form, called from a function rather than a model class)."""

import os

import tensorflow.compat.v1 as tf

from r22left_lib.ops import inputs


def build_batch(file_pattern, num_preprocess_threads=2):
    input_queue = inputs.prefetch_input_data(file_pattern, shuffle=False, capacity=30, num_reader_threads=1)
    pairs = []
    for thread_id in range(num_preprocess_threads):
        serialized = input_queue.dequeue()
        features = tf.parse_single_example(serialized, {
            "x": tf.FixedLenFeature([3], tf.float32), "label": tf.FixedLenFeature([], tf.int64)})
        pairs.append([features["x"] * 2.0, features["label"]])
    return tf.train.batch_join(pairs, batch_size=5, capacity=20)


def main(data_dir):
    x, labels = build_batch(os.path.join(data_dir, "records-*.tfrecord"))
    batches, end = [], None
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                xs, ls = sess.run([x, labels])
                batches.append([xs.tolist(), ls.tolist()])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": batches, "end": end}
