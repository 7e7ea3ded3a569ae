"""Text-to-speech transcripts and mel-spectrogram .npy files: a shuffled slice_input_producer, a @producer_func
decorator that runs a Python loader in a custom QueueRunner subclass (two threads) feeding placeholders into a
FIFOQueue, then a dynamic_pad batch."""
import os

import numpy as np
import tensorflow.compat.v1 as tf

from tts37_lib.data_load import get_batch
from tts37_lib.hyperparams import Hyperparams as hp

LINES = ["hi", "the cat", "a b c", "rain", "go now", "yes", "it is", "why?", "ok", "so far", "we met", "no."]


def main(data_dir):
    folder = os.path.join(data_dir, "h37_tts")
    os.makedirs(folder, exist_ok=True)
    rng = np.random.RandomState(37)
    with open(os.path.join(folder, "metadata.csv"), "w") as f:
        for i, line in enumerate(LINES):
            np.save(os.path.join(folder, "LJ%03d.npy" % i),
                    rng.uniform(0, 1, (1 + i % 3, hp.n_mels)).astype(np.float32))
            f.write("LJ%03d|%s\n" % (i, line))

    x, y, n, num_batch = get_batch(folder)
    batches = []
    sess = tf.Session()
    sess.run(tf.local_variables_initializer())
    coord = tf.train.Coordinator()
    threads = tf.train.start_queue_runners(sess=sess, coord=coord)
    try:
        while not coord.should_stop():
            xs, ys, ns = sess.run([x, y, n])
            frames = [int(np.count_nonzero(np.abs(s).sum(axis=1))) for s in ys]
            batches.append([[row[:k].tolist() for row, k in zip(xs, ns)],
                            [np.round(s[:k].astype(np.float64), 4).tolist() for s, k in zip(ys, frames)],
                            ns.tolist()])
    except tf.errors.OutOfRangeError:
        pass
    finally:
        coord.request_stop()
    coord.join(threads)
    sess.close()
    return {"batches": batches, "end": "utterances: %d" % sum(len(b[2]) for b in batches)}
