"""Word2vec input: (centre, context) id pairs built in numpy from a tokenised corpus, then served row by row by
`tf.train.input_producer` and batched; the row is dequeued by hand and unstacked."""

import os

import numpy as np
import tensorflow.compat.v1 as tf
from tensorflow.compat.v1 import train as tf_train

CORPUS = [
    "the quick brown fox jumps over the lazy dog",
    "the dog sleeps",
    "a quick brown dog runs over the hill",
]
SKIP_WINDOW = 1


def build_pairs(data_dir):
    out_dir = os.path.join(data_dir, "h16_skipgram_input_producer_rows")
    os.makedirs(out_dir, exist_ok=True)
    with open(os.path.join(out_dir, "corpus.txt"), "w") as f:
        f.write("\n".join(CORPUS) + "\n")
    with open(os.path.join(out_dir, "corpus.txt")) as f:
        sentences = [line.split() for line in f if line.strip()]
    vocab = sorted({w for s in sentences for w in s})
    ids = {w: i for i, w in enumerate(vocab)}
    pairs = []
    for sentence in sentences:
        for i, word in enumerate(sentence):
            for j in range(max(0, i - SKIP_WINDOW), min(len(sentence), i + SKIP_WINDOW + 1)):
                if j != i:
                    pairs.append((ids[word], ids[sentence[j]]))
    return np.array(pairs, dtype=np.int32)


def main(data_dir):
    pairs = build_pairs(data_dir)
    pair_queue = tf_train.input_producer(tf.constant(pairs), element_shape=[2], num_epochs=1, shuffle=False,
                                         capacity=16)
    pair = pair_queue.dequeue()
    center, context = tf.unstack(pair)
    centers, contexts = tf_train.batch([center, context], batch_size=8, allow_smaller_final_batch=True)
    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf_train.Coordinator()
        threads = tf_train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                c, x = sess.run([centers, contexts])
                batches.append([c.tolist(), x.tolist()])
        except tf.errors.OutOfRangeError:
            pass
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": batches, "end": int(len(pairs))}
