"""Criteo-style TSV click logs (label, three integer counts, two categorical hashes) through a package: config as a
namedtuple of flags, the parser in one module, `shuffle_batch(num_threads=2)` in another, a logistic model trained in a
`MonitoredTrainingSession` until the epoch ends."""
import os

import numpy as np
import tensorflow.compat.v1 as tf

from ctr30_lib import FLAGS, input_fn


def write_day(data_dir):
    root = os.path.join(data_dir, "h30_criteo_tsv")
    os.makedirs(root, exist_ok=True)
    rng = np.random.RandomState(311)
    paths = []
    for day in range(2):
        p = os.path.join(root, "day_%d.tsv" % day)
        with open(p, "w") as f:
            for _ in range(12):
                f.write("\t".join([str(rng.randint(2)), str(rng.randint(50)), str(rng.randint(5)),
                                   str(rng.randint(500)), "%08x" % rng.randint(1 << 30),
                                   "%08x" % rng.randint(1 << 30)]) + "\n")
        paths.append(p)
    return paths


def model_fn(features, labels):
    w = tf.get_variable("w", [3], initializer=tf.zeros_initializer())
    emb = tf.get_variable("emb", [FLAGS.hash_buckets, 1], initializer=tf.zeros_initializer())
    logits = tf.reduce_sum(features["dense"] * w, 1) + tf.reduce_sum(
        tf.nn.embedding_lookup(emb, features["cat_ids"]), [1, 2])
    loss = tf.reduce_mean(tf.nn.sigmoid_cross_entropy_with_logits(labels=tf.cast(labels, tf.float32),
                                                                  logits=logits))
    step = tf.train.get_or_create_global_step()
    return tf.train.GradientDescentOptimizer(0.1).minimize(loss, global_step=step)


def main(data_dir):
    features, labels = input_fn(write_day(data_dir))
    train_op = model_fn(features, labels)
    batches = []
    with tf.train.MonitoredTrainingSession(checkpoint_dir=None, save_summaries_steps=None,
                                           save_checkpoint_secs=None, log_step_count_steps=None) as sess:
        while not sess.should_stop():
            f, l, _ = sess.run([features, labels, train_op])
            batches.append({"dense": np.round(f["dense"], 4).tolist(), "cat_ids": f["cat_ids"].tolist(),
                            "clicked": l.tolist()})
    return {"batches": batches, "end": "monitored session stopped after %d batches" % len(batches)}
