"""`from tensorflow.compat.v1 import train` and a distortion of another module indexed by the copy's number
(a keyword argument); `shuffle_batch_join` without the short batch (360 records in batches of 24); the
examples come from one reader made inline."""

import tensorflow.compat.v1 as tf
from tensorflow.compat.v1 import train

from tc_lib import distortions


def decode(value):
    parsed = tf.parse_single_example(value, features={"x": tf.FixedLenFeature([3], tf.float32),
                                                      "label": tf.FixedLenFeature([], tf.int64)})
    return parsed["x"] + 1.0, parsed["label"]


def shuffled(files, batch_size, copies=4):
    queue = train.string_input_producer(files, num_epochs=2, shuffle=True, seed=7)
    _, value = tf.TFRecordReader().read(queue)
    per_copy = []
    for copy in range(copies):
        x, label = decode(value)
        per_copy.append(distortions.flip_odd(x, label, copy=copy))
    return train.shuffle_batch_join(per_copy, batch_size, capacity=200, min_after_dequeue=50, seed=3)


def main(data_dir):
    files = sorted(tf.gfile.Glob(data_dir + "/records-*.tfrecord"))
    x, label = shuffled(files, 24)
    batches = []
    with tf.train.MonitoredSession() as sess:
        while not sess.should_stop():
            xs, labels = sess.run([x, label])
            batches.append([xs.tolist(), labels.tolist()])
    return {"batches": batches, "end": "OutOfRangeError"}
