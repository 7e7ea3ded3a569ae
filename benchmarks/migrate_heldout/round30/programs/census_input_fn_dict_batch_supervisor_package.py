"""Census rows (wide & deep style) through an `input_fn(data_file, num_epochs, shuffle, batch_size)` that gives
`tf.train.batch` a dict of columns and pops the label; hparams an object in a package; a linear model trained under a
`Supervisor`'s `managed_session` until the queue ends."""
import os

import numpy as np
import tensorflow.compat.v1 as tf

from est30_lib import HPARAMS, input_fn


def write_census(data_dir):
    root = os.path.join(data_dir, "h30_census")
    os.makedirs(root, exist_ok=True)
    rng = np.random.RandomState(315)
    path = os.path.join(root, "adult.data")
    classes = ["Private", "Self-emp", "State-gov"]
    with open(path, "w") as f:
        for _ in range(9):
            f.write("%d,%s,%d,%d,%s\n" % (rng.randint(18, 80), classes[rng.randint(3)], rng.randint(1, 16),
                                          rng.randint(10, 60), ["<=50K", ">50K"][rng.randint(2)]))
    return path


def build_model(features, labels, hp):
    x = tf.cast(tf.stack([features["age"], features["education_num"], features["hours_per_week"]], 1), tf.float32)
    w = tf.get_variable("linear_w", [3, 1], initializer=tf.zeros_initializer())
    logits = tf.squeeze(tf.matmul(x / 100.0, w), 1)
    loss = tf.reduce_mean(tf.nn.sigmoid_cross_entropy_with_logits(labels=tf.cast(labels, tf.float32),
                                                                  logits=logits))
    step = tf.train.get_or_create_global_step()
    return tf.train.GradientDescentOptimizer(hp.learning_rate).minimize(loss, global_step=step)


def main(data_dir):
    features, labels = input_fn(write_census(data_dir), HPARAMS.num_epochs, False, HPARAMS.batch_size,
                                HPARAMS.label_column)
    train_op = build_model(features, labels, HPARAMS)
    batches = []
    sv = tf.train.Supervisor(logdir=None, summary_op=None, saver=None)
    with sv.managed_session() as sess:
        while not sv.should_stop():
            f, l, _ = sess.run([features, labels, train_op])
            batches.append({"age": f["age"].tolist(), "workclass": [s.decode() for s in f["workclass"]],
                            "education_num": f["education_num"].tolist(),
                            "hours_per_week": f["hours_per_week"].tolist(), "label": l.tolist()})
    return {"batches": batches, "end": "supervisor stopped after %d batches" % len(batches)}
