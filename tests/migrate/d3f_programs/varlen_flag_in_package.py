"""Two callers of a package helper, each passing the flag that skips its reordering as a literal ``False``;
the episodes batched with ``dynamic_pad`` (rows padded per batch)."""
import os

import numpy as np
import tensorflow as tf

from d3f_lib.episodes import episode


def write(folder):
    rng = np.random.RandomState(5)
    lengths = [2, 4, 1, 3, 5, 2, 3, 1]
    for shard in range(2):
        with tf.io.TFRecordWriter(os.path.join(folder, 'ep-%d.tfrecord' % shard)) as w:
            for k in range(4):
                n = lengths[4 * shard + k]
                steps = np.round(rng.uniform(-1, 1, size=(n, 2)), 2).astype(np.float32)
                ex = tf.train.Example(features=tf.train.Features(feature={
                    'steps': tf.train.Feature(float_list=tf.train.FloatList(value=steps.ravel())),
                    'id': tf.train.Feature(int64_list=tf.train.Int64List(value=[4 * shard + k])),
                }))
                w.write(ex.SerializeToString())


def train_batches(folder):
    ids, steps, n = episode(os.path.join(folder, 'ep-*.tfrecord'), False)
    return tf.compat.v1.train.batch([ids, steps, n], batch_size=2, dynamic_pad=True)


def eval_batches(folder):
    ids, steps, n = episode(os.path.join(folder, 'ep-1.tfrecord'), newest_first=False)
    return tf.compat.v1.train.batch([ids, steps, n], batch_size=2, dynamic_pad=True)


def main(data_dir):
    folder = os.path.join(data_dir, 'd3f_varlen')
    os.makedirs(folder, exist_ok=True)
    write(folder)
    train, evals = train_batches(folder), eval_batches(folder)
    batches = []
    sess = tf.compat.v1.Session()
    sess.run([tf.compat.v1.global_variables_initializer(), tf.compat.v1.local_variables_initializer()])
    coord = tf.compat.v1.train.Coordinator()
    threads = tf.compat.v1.train.start_queue_runners(sess=sess, coord=coord)
    for batch in (train, evals):
        try:
            while True:
                i, s, n = sess.run(batch)
                batches.append([i.tolist(), s.tolist(), n.tolist()])
        except tf.errors.OutOfRangeError:
            pass
    coord.request_stop()
    coord.join(threads)
    sess.close()
    return {'batches': batches, 'end': 'episodes: %d' % sum(len(b[0]) for b in batches)}
