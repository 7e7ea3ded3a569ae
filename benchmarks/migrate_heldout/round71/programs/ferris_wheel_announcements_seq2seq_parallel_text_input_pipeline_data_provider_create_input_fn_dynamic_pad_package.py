# Held-out round 71: Ferris-wheel operator announcements and their translations, read as parallel text by a
# google/seq2seq-style framework package (``ferris71_seq2seq``): a ``ParallelTextInputPipeline(params, mode)``
# whose ``make_data_provider()`` reads the source and target files in lock-step, ``read_from_data_provider``
# collecting the items into a dict, and ``training.utils.create_input_fn(pipeline, batch_size, ...)`` batching the
# dict with ``tf.train.batch(dynamic_pad=True, allow_smaller_final_batch=...)``. The script builds the training
# input function and runs it to the end of the epoch.
# Writer changes: tiny seeded text; ``shuffle=False`` and ``num_epochs=1`` in the pipeline params; a plain
# ``Session`` loop instead of an Experiment.
import os

import numpy as np
import tensorflow.compat.v1 as tf

from ferris71_seq2seq.data import input_pipeline
from ferris71_seq2seq.training import utils as training_utils

SOURCE_WORDS = ["please", "keep", "hands", "inside", "the", "gondola", "doors", "close", "now", "enjoy", "ride"]
TARGET_WORDS = ["bitte", "haende", "drinnen", "lassen", "tueren", "schliessen", "jetzt", "gute", "fahrt"]


def _write_text(folder):
    os.makedirs(folder, exist_ok=True)
    rng = np.random.RandomState(71)
    src, tgt = [], []
    for i in range(10):
        src.append(" ".join(rng.choice(SOURCE_WORDS, size=2 + i % 4)))
        tgt.append(" ".join(rng.choice(TARGET_WORDS, size=1 + (i * 2) % 5)))
    with open(os.path.join(folder, "sources.txt"), "w") as f:
        f.write("\n".join(src) + "\n")
    with open(os.path.join(folder, "targets.txt"), "w") as f:
        f.write("\n".join(tgt) + "\n")


def main(data_dir):
    folder = os.path.join(data_dir, "h71_ferris")
    _write_text(folder)

    train_pipeline = input_pipeline.ParallelTextInputPipeline(
        params={
            "source_files": [os.path.join(folder, "sources.txt")],
            "target_files": [os.path.join(folder, "targets.txt")],
            "shuffle": False,
            "num_epochs": 1,
        },
        mode="train",
        name="train_input_pipeline")
    train_input_fn = training_utils.create_input_fn(
        pipeline=train_pipeline,
        batch_size=4,
        allow_smaller_final_batch=True)

    features, labels = train_input_fn()

    batches = []
    with tf.Session() as sess:
        sess.run([tf.global_variables_initializer(), tf.local_variables_initializer()])
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                f, l = sess.run([features, labels])
                batches.append([[[t.decode() for t in row] for row in f["source_tokens"]],
                                f["source_len"].tolist(),
                                [[t.decode() for t in row] for row in l["target_tokens"]],
                                l["target_len"].tolist()])
        except tf.errors.OutOfRangeError:
            pass
        finally:
            coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": "announcements: %d" % sum(len(b[1]) for b in batches)}
