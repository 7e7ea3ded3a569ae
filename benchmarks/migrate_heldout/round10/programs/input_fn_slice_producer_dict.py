"""A `tf.contrib.learn`-era `input_fn` on queues: the table loaded in Python, `slice_input_producer` over its
columns, `tf.train.batch` of a features dict, and the caller's loop under `MonitoredSession` with a
ChiefSessionCreator until the epochs end."""

import csv
import os

import numpy as np
import tensorflow.compat.v1 as tf

COLUMNS = ["a", "b", "label"]


def load_frame(data_dir):
    columns = {c: [] for c in COLUMNS}
    for shard in range(3):
        with open(os.path.join(data_dir, "table-%d.csv" % shard)) as f:
            for row in csv.DictReader(f):
                for c in COLUMNS:
                    columns[c].append(row[c])
    return {"a": np.array(columns["a"], dtype=np.int64), "b": np.array(columns["b"], dtype=np.float32),
            "label": np.array(columns["label"], dtype=np.int32)}


def make_input_fn(frame, batch_size=64, num_epochs=3):
    def input_fn():
        with tf.name_scope("input_fn"):
            a, b, label = tf.train.slice_input_producer(
                [tf.constant(frame["a"]), tf.constant(frame["b"]), tf.constant(frame["label"])],
                num_epochs=num_epochs, shuffle=False, capacity=32)
            features = {"a": a, "b": b, "ab": tf.cast(a, tf.float32) * b}
            batched = tf.train.batch(dict(features, label=label), batch_size=batch_size, num_threads=1,
                                     allow_smaller_final_batch=True)
            labels = batched.pop("label")
            return batched, labels
    return input_fn


def main(data_dir):
    features, labels = make_input_fn(load_frame(data_dir))()
    batches = []
    end = None
    creator = tf.train.ChiefSessionCreator(scaffold=tf.train.Scaffold())
    with tf.train.MonitoredSession(session_creator=creator) as sess:
        try:
            while not sess.should_stop():
                feats, labs = sess.run([features, labels])
                batch = {k: v.tolist() for k, v in feats.items()}
                batch["label"] = labs.tolist()
                batches.append(batch)
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
    return {"batches": batches, "end": end}
