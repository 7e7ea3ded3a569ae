"""Estimator-era input_fn shape: parse_single_example into a features dict, pop the label, `tf.train.batch` of a
dict, a `MonitoredTrainingSession` loop on `should_stop()` (the session ends the loop at OutOfRangeError)."""

import os

import tensorflow.compat.v1 as tf

FEATURE_SPEC = {
    "x": tf.FixedLenFeature([3], tf.float32),
    "label": tf.FixedLenFeature([1], tf.int64),
}


def _parse(serialized):
    features = tf.parse_single_example(serialized, features=FEATURE_SPEC)
    label = features.pop("label")
    features["x_sum"] = tf.reduce_sum(features["x"])
    return features, label


def input_fn(data_dir, batch_size, num_epochs):
    files = [os.path.join(data_dir, "records-%d.tfrecord" % i) for i in range(4)]
    queue = tf.train.string_input_producer(files, num_epochs=num_epochs, shuffle=False)
    _, serialized = tf.TFRecordReader().read(queue)
    features, label = _parse(serialized)
    features["label"] = label
    batch = tf.train.batch(features, batch_size=batch_size, num_threads=1, capacity=4 * batch_size,
                           allow_smaller_final_batch=True)
    labels = batch.pop("label")
    return batch, labels


def main(data_dir):
    features, labels = input_fn(data_dir, batch_size=25, num_epochs=1)
    global_step = tf.train.get_or_create_global_step()
    step_op = tf.assign_add(global_step, 1)
    batches = []
    with tf.train.MonitoredTrainingSession(checkpoint_dir=None, save_checkpoint_secs=None,
                                           save_summaries_steps=None, log_step_count_steps=None) as sess:
        while not sess.should_stop():
            f, l, _ = sess.run([features, labels, step_op])
            batches.append({"x": f["x"].tolist(), "x_sum": f["x_sum"].tolist(), "label": l.tolist()})
    return {"batches": batches, "end": "should_stop"}
