"""word2vec skip-gram pairs from support-ticket text: a Python producer thread, chunks via enqueue_many."""
import collections
import os
import random
import threading

import numpy as np
import tensorflow as tf

TEXT = ("printer offline again reset router printer driver missing reset password login failed "
        "router offline again")

flags = collections.namedtuple("Flags", "skip_window num_skips batch_size chunk")(1, 2, 8, 4)


def build_dataset(words):
    count = collections.Counter(words).most_common()
    dictionary = {w: i for i, (w, _) in enumerate(count)}
    return [dictionary[w] for w in words], dictionary


def skipgram_pairs(ids, skip_window, num_skips, rng):
    for center in range(skip_window, len(ids) - skip_window):
        context = [c for c in range(center - skip_window, center + skip_window + 1) if c != center]
        for c in rng.sample(context, num_skips):
            yield ids[center], ids[c]


class SkipgramProducer(object):
    def __init__(self, ids):
        self.ids = ids
        self.examples = tf.compat.v1.placeholder(tf.int32, [None])
        self.labels = tf.compat.v1.placeholder(tf.int32, [None])
        self.queue = tf.compat.v1.FIFOQueue(64, [tf.int32, tf.int32], shapes=[[], []])
        self.enqueue_op = self.queue.enqueue_many([self.examples, self.labels])
        self.close_op = self.queue.close()

    def batch(self, batch_size):
        ex, lab = self.queue.dequeue_many(batch_size)
        return ex, tf.expand_dims(lab, 1)

    def run(self, sess):
        rng = random.Random(604)
        pairs = list(skipgram_pairs(self.ids, flags.skip_window, flags.num_skips, rng))
        for i in range(0, len(pairs), flags.chunk):
            chunk = np.array(pairs[i:i + flags.chunk], dtype=np.int32)
            sess.run(self.enqueue_op, feed_dict={self.examples: chunk[:, 0], self.labels: chunk[:, 1]})
        sess.run(self.close_op)


def main(data_dir):
    folder = os.path.join(data_dir, "h60_support_tickets")
    os.makedirs(folder, exist_ok=True)
    with open(os.path.join(folder, "tickets.txt"), "w") as f:
        f.write(TEXT + "\n")
    with open(os.path.join(folder, "tickets.txt")) as f:
        ids, _ = build_dataset(f.read().split())
    producer = SkipgramProducer(ids)
    examples, labels = producer.batch(flags.batch_size)
    batches = []
    with tf.compat.v1.Session() as session:
        t = threading.Thread(target=producer.run, args=(session,))
        t.start()
        try:
            while True:
                e, l = session.run([examples, labels])
                batches.append([e.tolist(), l.tolist()])
        except tf.errors.OutOfRangeError:
            pass
        t.join()
    return {"batches": batches, "end": "skip-gram pairs: %d" % sum(len(b[0]) for b in batches)}
