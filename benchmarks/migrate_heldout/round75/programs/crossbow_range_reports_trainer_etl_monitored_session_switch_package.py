"""Crossbow range reports (article and abstract per TSV line) from a Cloud-ML style `trainer` package: `etl.py`
turns files into batches, the task module's `__main(data_path, max_step, batch_size,
is_monitored_training_session)` runs either a `MonitoredTrainingSession` or a plain session, and `log_batch`
logs each article / abstract."""
import argparse
import os

import numpy as np
import tensorflow.compat.v1 as tf
from tensorflow.compat.v1 import logging as log

import crossbow75.trainer.etl as etl

REPORTS = [
    ('Bolt grouped tight at twenty metres.', 'tight group'),
    ('Limb twisted, string replaced.', 'string replaced'),
    ('Wind from the west, shots drifted left.', 'drift left'),
    ('New scope, zeroed in five shots.', 'scope zeroed'),
    ('Target butt worn, replaced.', 'butt replaced'),
]


def log_batch(articles, abstracts):
    for i in range(len(articles)):
        article = articles[i]
        abstract = abstracts[i]
        log.info('i={}\n\narticle={}\n\nabstract={}'.format(i, repr(article), repr(abstract)))


def __main(data_path, max_step, batch_size, is_monitored_training_session):
    next_batch = etl.dataset(data_path, batch_size)
    seen = []
    if is_monitored_training_session:
        with tf.train.MonitoredTrainingSession() as sess:
            step = 0
            while not sess.should_stop() and step < max_step:
                articles, abstracts = sess.run(next_batch)
                log_batch(articles, abstracts)
                seen.append([[a.decode() for a in articles], [a.decode() for a in abstracts]])
                step += 1
    else:
        with tf.Session() as sess:
            sess.run(tf.local_variables_initializer())
            coord = tf.train.Coordinator()
            threads = tf.train.start_queue_runners(sess=sess, coord=coord)
            try:
                for _ in range(max_step):
                    articles, abstracts = sess.run(next_batch)
                    log_batch(articles, abstracts)
                    seen.append([[a.decode() for a in articles], [a.decode() for a in abstracts]])
            except tf.errors.OutOfRangeError:
                pass
            coord.request_stop()
            coord.join(threads)
    return seen


def main(data_dir):
    root = os.path.join(data_dir, 'h75_crossbow')
    os.makedirs(root, exist_ok=True)
    with open(os.path.join(root, 'reports-0.tsv'), 'w') as f:
        for article, abstract in REPORTS:
            f.write('%s\t%s\n' % (article, abstract))
    parser = argparse.ArgumentParser()
    parser.add_argument('--data-path', default=os.path.join(root, 'reports-*.tsv'))
    parser.add_argument('--max-step', type=int, default=10)
    parser.add_argument('--batch-size', type=int, default=2)
    parser.add_argument('--is-monitored-training-session', type=bool, default=True)
    args = parser.parse_args([])
    batches = __main(args.data_path, args.max_step, args.batch_size, args.is_monitored_training_session)
    return {"batches": batches, "end": "reports: %d" % sum(len(b[0]) for b in batches)}
