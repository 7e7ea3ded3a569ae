"""`maybe_batch` with a `keep_input` predicate over parsed TFRecords, a dict batch (the cipher / proposal-filter
shape: keep only the examples of one set), read in a MonitoredSession until it stops."""
import os
import sys

import tensorflow as tf

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from records_lib import parsing  # noqa: E402


def build_inputs(data_dir, batch_size, num_epochs=1):
    files = [os.path.join(data_dir, "records-%d.tfrecord" % i) for i in range(4)]
    queue = tf.compat.v1.train.string_input_producer(files, num_epochs=num_epochs, shuffle=False)
    example = parsing.read_example(queue)
    keep = tf.equal(tf.math.floormod(example["label"], 3), 0)
    return tf.compat.v1.train.maybe_batch(
        example, keep_input=keep, batch_size=batch_size, num_threads=1,
        capacity=5 * batch_size, allow_smaller_final_batch=True)


def main(data_dir):
    batch = build_inputs(data_dir, batch_size=8)
    batches = []
    with tf.compat.v1.train.MonitoredSession() as sess:
        while not sess.should_stop():
            value = sess.run(batch)
            batches.append({"x": value["x"].tolist(), "label": value["label"].tolist()})
    return {"batches": batches, "end": "should_stop"}
