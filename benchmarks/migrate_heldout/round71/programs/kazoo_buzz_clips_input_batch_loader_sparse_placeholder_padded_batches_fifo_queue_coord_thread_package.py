# Held-out round 71: kazoo buzz recordings (MFCC-like frames with hummed-note transcriptions) fed by a speech
# framework's ``InputBatchLoader`` (``kazoo71_speech.input_loader``): a corpus generator yields (frames, label ids)
# pairs, the loader groups them ``batch_size`` at a time with ``zip(*[iter(...)] * n)``, pads the frames, builds a
# ``SparseTensorValue`` for the labels and feeds one whole batch per ``enqueue`` from a thread registered with the
# ``Coordinator``; the training loop dequeues one batch per step.
# Writer changes: tiny seeded ``.npy`` clips listed in a text file; a fixed number of steps (one epoch).
import os

import numpy as np
import tensorflow.compat.v1 as tf

from kazoo71_speech.input_loader import InputBatchLoader

INPUT_SIZE = 3
BATCH_SIZE = 4


def _write_corpus(folder):
    os.makedirs(folder, exist_ok=True)
    rng = np.random.RandomState(71)
    listing = []
    for i in range(12):
        frames = np.round(rng.uniform(-1, 1, size=(2 + i % 4, INPUT_SIZE)), 3).astype(np.float32)
        name = "clip_%02d.npy" % i
        np.save(os.path.join(folder, name), frames)
        notes = " ".join(str(n) for n in rng.randint(1, 8, size=1 + i % 3))
        listing.append("%s\t%s" % (name, notes))
    with open(os.path.join(folder, "train.txt"), "w") as f:
        f.write("\n".join(listing) + "\n")


def corpus_generator(folder):
    with open(os.path.join(folder, "train.txt")) as f:
        for line in f:
            name, notes = line.rstrip("\n").split("\t")
            yield np.load(os.path.join(folder, name)), [int(n) for n in notes.split()]


def main(data_dir):
    folder = os.path.join(data_dir, "h71_kazoo")
    _write_corpus(folder)

    loader = InputBatchLoader(INPUT_SIZE, BATCH_SIZE, corpus_generator(folder))
    inputs, sequence_lengths, labels = loader.get_inputs()

    batches = []
    with tf.Session() as sess:
        sess.run(tf.global_variables_initializer())
        coord = tf.train.Coordinator()
        threads = loader.start_threads(sess, coord)
        for step in range(12 // BATCH_SIZE):
            inp, lens, labs = sess.run([inputs, sequence_lengths, labels])
            batches.append([np.round(inp, 3).tolist(), lens.tolist(), labs.tolist()])
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": "buzz clips: %d" % sum(len(b[1]) for b in batches)}
