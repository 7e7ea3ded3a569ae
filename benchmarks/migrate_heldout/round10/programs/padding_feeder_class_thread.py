"""WaveNet/speech-feeder shape: a class of another module feeds a PaddingFIFOQueue from a Python thread through
placeholders; the training loop dequeues padded batches for a fixed number of steps."""

import csv
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import tensorflow.compat.v1 as tf

from feeder_lib.sequence_feeder import SequenceFeeder

BATCH_SIZE = 8


def load_examples(data_dir, repeats=2):
    examples = []
    for _ in range(repeats):
        for shard in range(3):
            with open(os.path.join(data_dir, "table-%d.csv" % shard)) as f:
                for row in csv.DictReader(f):
                    a = int(row["a"])
                    length = a % 5 + 1
                    tokens = [float(a) + 0.5 * k for k in range(length)]
                    examples.append((tokens, int(row["label"])))
    return examples


def main(data_dir):
    examples = load_examples(data_dir)
    feeder = SequenceFeeder(examples, BATCH_SIZE)
    tokens_batch, length_batch, label_batch = feeder.dequeue(BATCH_SIZE)
    mask = tf.sequence_mask(length_batch, tf.shape(tokens_batch)[1], dtype=tf.float32)
    masked_sum = tf.reduce_sum(tokens_batch * mask, axis=1)
    steps = len(examples) // BATCH_SIZE
    batches = []
    sess = tf.Session()
    sess.run(tf.global_variables_initializer())
    threads = feeder.start_threads(sess)
    for _ in range(steps):
        toks, lens, labs, sums = sess.run([tokens_batch, length_batch, label_batch, masked_sum])
        batches.append([toks.tolist(), lens.tolist(), labs.tolist(), sums.tolist()])
    for t in threads:
        t.join()
    sess.close()
    return {"batches": batches, "end": "steps"}
