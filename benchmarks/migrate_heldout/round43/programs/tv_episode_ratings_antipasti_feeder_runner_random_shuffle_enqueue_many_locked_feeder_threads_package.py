"""TV episode ratings through an antipasti-style FeederRunner: a datafeeder object with a py2-style
`next()` hands out chunks of episodes; two weaver threads share it under a lock and push each chunk
with `enqueue_many` into a RandomShuffleQueue; the training loop runs `dq()` (`dequeue_many`)
for as many steps as there are batches in the season file, then stops and joins the runner."""
import csv
import os

import numpy as np

from antipasti43_lib import backend as A
from antipasti43_lib.runners import FeederRunner

tf = A.getfw()

SHOWS = ['Breaking Bad', 'Sherlock', 'The Wire', 'Fargo']


class EpisodeFeeder(object):
    """Yields [features, rating, episode_id] chunks of `chunk_size` episodes."""

    def __init__(self, path, chunk_size=3):
        with open(path) as f:
            self.rows = list(csv.DictReader(f))
        self.chunk_size = chunk_size
        self._generator = self._make_generator()

    def _make_generator(self):
        for start in range(0, len(self.rows), self.chunk_size):
            chunk = self.rows[start:start + self.chunk_size]
            feats = np.array([[float(r['season']), float(r['episode']), float(r['votes']) / 1000.0,
                               float(SHOWS.index(r['show']))] for r in chunk], dtype='float32')
            rating = np.array([float(r['rating']) for r in chunk], dtype='float32')
            ids = np.array([int(r['episode_id']) for r in chunk], dtype='int32')
            yield [feats, rating, ids]

    def next(self):
        return next(self._generator)

    __next__ = next


def write_episodes(path):
    rng = np.random.RandomState(1043)
    with open(path, 'w') as f:
        writer = csv.writer(f)
        writer.writerow(['episode_id', 'show', 'season', 'episode', 'votes', 'rating'])
        for i in range(12):
            writer.writerow([500 + i, SHOWS[rng.randint(4)], rng.randint(1, 6), rng.randint(1, 13),
                             rng.randint(1000, 60000), '%.1f' % rng.uniform(6.5, 9.9)])


def main(data_dir):
    folder = os.path.join(data_dir, 'h43_tv_episodes')
    if not os.path.isdir(folder):
        os.makedirs(folder)
    path = os.path.join(folder, 'episodes.csv')
    write_episodes(path)

    feeder = EpisodeFeeder(path, chunk_size=3)
    runner = FeederRunner(feeder, batch_size=4, dtypes=['float32', 'float32', 'int32'], num_threads=2,
                          queue_capacity=100, min_num_elements_in_queue=0,
                          input_shape=[[None, 4], [None], [None]])
    features, rating, episode_id = runner.dq()
    w = tf.get_variable('w', [4], initializer=tf.zeros_initializer())
    loss = tf.reduce_mean(tf.square(tf.reduce_sum(features * w, axis=1) - rating))
    train_op = tf.train.AdamOptimizer(0.01).minimize(loss)

    sess = tf.Session()
    A.Session.session = sess
    sess.run(tf.global_variables_initializer())
    runner.start_runner()
    batches = []
    for step in range(len(feeder.rows) // runner.batch_size):
        _, f, r, e = sess.run([train_op, features, rating, episode_id])
        batches.append([np.round(f.astype(np.float64), 4).tolist(),
                        np.round(r.astype(np.float64), 4).tolist(), e.tolist()])
    runner.stop_runner()
    runner.join_runner()
    left = runner.queue_size
    sess.close()
    return {"batches": batches, "end": "left in queue: %d" % left}
