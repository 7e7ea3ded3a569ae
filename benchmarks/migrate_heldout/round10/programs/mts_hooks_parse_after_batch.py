"""Batch-then-parse shape (wide&deep / criteo repositories): serialized records batched first, `parse_example`
after the batch; trained under `MonitoredTrainingSession` with a StopAtStepHook and a hook of its own that
collects what each step saw."""

import glob
import os

import tensorflow.compat.v1 as tf

FEATURE_SPEC = {
    "x": tf.FixedLenFeature([3], tf.float32),
    "label": tf.FixedLenFeature([], tf.int64),
}


def input_fn(file_pattern, batch_size):
    files = tf.gfile.Glob(file_pattern)
    filename_queue = tf.train.string_input_producer(sorted(files), shuffle=False)
    reader = tf.TFRecordReader()
    _, serialized = reader.read(filename_queue)
    serialized_batch = tf.train.batch([serialized], batch_size=batch_size, num_threads=1,
                                      capacity=4 * batch_size)
    features = tf.parse_example(serialized_batch, features=FEATURE_SPEC)
    labels = features.pop("label")
    return features, labels


class CollectHook(tf.train.SessionRunHook):
    def __init__(self, tensors):
        self.tensors = tensors
        self.seen = []

    def before_run(self, run_context):
        return tf.train.SessionRunArgs(self.tensors)

    def after_run(self, run_context, run_values):
        x, label = run_values.results
        self.seen.append({"x": x.tolist(), "label": label.tolist()})


def main(data_dir):
    features, labels = input_fn(os.path.join(data_dir, "records-*.tfrecord"), batch_size=16)
    global_step = tf.train.get_or_create_global_step()
    w = tf.get_variable("w", [3], initializer=tf.zeros_initializer())
    loss = tf.reduce_mean(tf.square(tf.reduce_sum(features["x"] * w, axis=1) - tf.cast(labels, tf.float32)))
    train_op = tf.train.GradientDescentOptimizer(0.0).minimize(loss, global_step=global_step)
    collect = CollectHook([features["x"], labels])
    hooks = [tf.train.StopAtStepHook(last_step=30), collect]
    with tf.train.MonitoredTrainingSession(hooks=hooks, checkpoint_dir=None, save_summaries_steps=None,
                                           log_step_count_steps=None) as mon_sess:
        while not mon_sess.should_stop():
            mon_sess.run(train_op)
    return {"batches": collect.seen, "end": "steps"}
