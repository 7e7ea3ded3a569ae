"""A helper returning a dict, its caller keeping it whole (`features = read_features(queue)`) and batching the
dict, a name `features` reused in another function for a plain dict; one reader, no shuffle: exact."""

import os

import tensorflow.compat.v1 as tf


def read_features(queue):
    _, serialized = tf.TFRecordReader().read(queue)
    parsed = tf.parse_single_example(serialized, {"label": tf.FixedLenFeature([], tf.int64)})
    return {"label": parsed["label"], "twice": parsed["label"] * 2}


def describe():
    features = {"label": "int64"}
    return sorted(features)


def main(data_dir):
    files = [os.path.join(data_dir, "records-%d.tfrecord" % i) for i in range(3)]
    queue = tf.train.string_input_producer(files, num_epochs=1, shuffle=False)
    features = read_features(queue)
    batch = tf.train.batch(features, batch_size=10)
    batches, end = [], None
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                got = sess.run(batch)
                batches.append([got["label"].tolist(), got["twice"].tolist()])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches + [describe()], "end": end}
