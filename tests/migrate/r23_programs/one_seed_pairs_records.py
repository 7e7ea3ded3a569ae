"""Two readers of two ``string_input_producer``s over the same file list with one module seed (a paired
layout: the second read gives the first's labels), shuffled; legacy draws one permutation for both, so record
i of one meets record i of the other (held-out round 23: refused as unpaired)."""

import os

import tensorflow.compat.v1 as tf

SEED = 5
FEATURES = {"x": tf.FixedLenFeature([3], tf.float32), "label": tf.FixedLenFeature([], tf.int64)}


def inputs(data_dir):
    files = [os.path.join(data_dir, f"records-{i}.tfrecord") for i in range(4)]
    xq = tf.train.string_input_producer(files, num_epochs=2, seed=SEED)
    yq = tf.train.string_input_producer(files, num_epochs=2, seed=SEED)
    _, xv = tf.TFRecordReader().read(xq)
    _, yv = tf.TFRecordReader().read(yq)
    x = tf.parse_single_example(xv, FEATURES)["x"]
    y = tf.parse_single_example(yv, FEATURES)["label"]
    return tf.train.batch([x, y], 9)


def main(data_dir):
    batch = inputs(data_dir)
    batches, end = [], None
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                xs, ys = sess.run(batch)
                batches.append([xs.tolist(), ys.tolist()])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": batches, "end": end}
