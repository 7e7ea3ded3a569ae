"""Yelp sentiment input (package yelp32_lib): read_file(filename_queue) of a star,text CSV, _create_batch with the
shuffle flag off (train.batch), generate_batch_train; words split after the batch; loop on coord.should_stop()."""
import csv
import os

import numpy as np
import tensorflow as tf

from yelp32_lib import yelp_input
from yelp32_lib.text_utils import tokenize, bucketize_stars

WORDS = ['good', 'bad', 'food', 'service', 'slow', 'great', 'cold', 'tasty', 'never', 'again']


def write_reviews(path):
    rng = np.random.RandomState(3232)
    with open(path, 'w', newline='') as f:
        w = csv.writer(f)
        w.writerow(['stars', 'text'])
        for _ in range(yelp_input.NUM_EXMPL_TRAIN):
            n = rng.randint(2, 6)
            w.writerow([int(rng.randint(1, 6)), ' '.join(rng.choice(WORDS, n))])


def main(data_dir):
    root = os.path.join(data_dir, 'h32_yelp')
    os.makedirs(root, exist_ok=True)
    path = os.path.join(root, 'train.csv')
    write_reviews(path)
    text, label = yelp_input.generate_batch_train(path, 4)
    words, n_words = tokenize(text, 3)
    positive = bucketize_stars(label)
    batches = []
    with tf.compat.v1.Session() as sess:
        sess.run(tf.compat.v1.local_variables_initializer())
        coord = tf.compat.v1.train.Coordinator()
        threads = tf.compat.v1.train.start_queue_runners(coord=coord)
        count = 0
        try:
            while not coord.should_stop():
                w, n, y, p = sess.run([words, n_words, label, positive])
                batches.append([[[x.decode() for x in row], int(k), int(s), int(q)]
                                for row, k, s, q in zip(w, n, y, p)])
                count += len(y)
        except tf.errors.OutOfRangeError:
            pass
        coord.request_stop()
    coord.join(threads)
    return {'batches': [[list(column) for column in zip(*rows)] for rows in batches], 'end': 'Review Number: %d' % count}
