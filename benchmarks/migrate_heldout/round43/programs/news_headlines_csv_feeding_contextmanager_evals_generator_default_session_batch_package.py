# -*- coding: utf-8 -*-
"""'All the news' style headlines (publication, date, title) in two monthly CSV files, read through a
home-made wrapper: `for d in evals(batch)` iterates a generator that starts the queue runners in
the package's default session (`feeding()` context manager) and ends quietly on OutOfRangeError."""
import csv
import os

import numpy as np
import tensorflow as tf

from tfx43_lib import evals

PUBLICATIONS = ['Reuters', 'Guardian', 'Atlantic', 'Vox', 'NPR']


def write_month(path, month, n, rng):
    with open(path, 'w') as f:
        writer = csv.writer(f)
        writer.writerow(['id', 'title', 'publication', 'date'])
        words = ['markets', 'rally', 'senate', 'vote', 'storm', 'hits', 'coast', 'new', 'study',
                 'finds', 'city', 'budget', 'talks', 'stall', 'after', 'record', 'heat']
        for i in range(n):
            title = ' '.join(rng.choice(words, rng.randint(3, 7)))
            if i % 3 == 0:
                title = title.capitalize() + ', officials say'
            writer.writerow([17283 + month * 100 + i, title, PUBLICATIONS[rng.randint(5)],
                             '2017-%02d-%02d' % (month, 1 + i)])


def headline_batch(filenames, batch_size):
    filename_queue = tf.compat.v1.train.string_input_producer(filenames, num_epochs=1, shuffle=False)
    reader = tf.compat.v1.TextLineReader(skip_header_lines=1)
    _, value = reader.read(filename_queue)
    art_id, title, publication, date = tf.compat.v1.decode_csv(value, [[0], [''], [''], ['']])
    n_words = tf.size(tf.compat.v1.string_split([title]).values)
    month = tf.compat.v1.string_to_number(tf.compat.v1.substr(date, 5, 2), out_type=tf.int32)
    return tf.compat.v1.train.batch([art_id, title, publication, month, n_words], batch_size=batch_size,
                                    allow_smaller_final_batch=True)


def main(data_dir):
    folder = os.path.join(data_dir, 'h43_news_headlines')
    if not os.path.isdir(folder):
        os.makedirs(folder)
    rng = np.random.RandomState(3)
    files = []
    for month, n in [(1, 4), (2, 4)]:
        path = os.path.join(folder, 'articles_2017_%02d.csv' % month)
        write_month(path, month, n, rng)
        files.append(path)

    batch = headline_batch(files, 3)
    batches = []
    for d in evals(batch):
        ids, titles, pubs, months, n_words = d
        batches.append([ids.tolist(), [t.decode() for t in titles], [p.decode() for p in pubs],
                        months.tolist(), n_words.tolist()])
    return {"batches": batches, "end": "evals finished after %d batches" % len(batches)}
