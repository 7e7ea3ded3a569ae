"""Pagoda inscriptions: a char-aware language-model `input_fn(input_lines, batch_size, shuffle, ...)` with nested
`split_string` / `pad_tokens` / `decode_word` helpers, lines sliced from a Python list, `batch(dynamic_pad=True)`."""
import os

import numpy as np
import tensorflow.compat.v1 as tf

from pagoda73.char_input import input_fn


def main(data_dir):
    folder = os.path.join(data_dir, 'h73_pagoda')
    os.makedirs(folder, exist_ok=True)
    path = os.path.join(folder, 'inscriptions.txt')
    words = ['bell', 'roof', 'gate', 'tier', 'eave', 'pine', 'moss']
    with open(path, 'w') as f:
        for i in range(6):
            f.write(' '.join(words[(i + j) % 7] for j in range(1 + i % 3)) + '\n')
    with open(path) as f:
        input_lines = [l.strip() for l in f]
    tokens, chars, lengths = input_fn(input_lines, batch_size=2)
    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                t, c, n = sess.run([tokens, chars, lengths])
                batches.append([[[w.decode() for w in row] for row in t], c.tolist(), n.tolist()])
        except tf.errors.OutOfRangeError:
            pass
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": "lines: %d" % sum(len(b[2]) for b in batches)}
