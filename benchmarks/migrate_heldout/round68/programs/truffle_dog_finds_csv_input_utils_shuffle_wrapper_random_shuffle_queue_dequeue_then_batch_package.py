"""Truffle hunting season: one line per find (dog, plot, grams, species).

The rows go through the project's `inputs.shuffle` helper (a RandomShuffleQueue
with its own QueueRunner, returning the dequeue op) and then `inputs.batch`."""

import os

import numpy as np
import tensorflow.compat.v1 as tf

from pipe68_lib import inputs

DOGS = ['Lagotto-Bea', 'Lagotto-Zeno', 'Pointer-Tartufo']


def write_finds(folder):
    if not os.path.exists(folder):
        os.makedirs(folder)
    rng = np.random.RandomState(6068)
    path = os.path.join(folder, 'finds.tsv')
    with open(path, 'w') as f:
        for i in range(12):
            species = 'melanosporum' if rng.rand() < 0.5 else 'aestivum'
            f.write('%d\t%s\tplot-%d\t%.1f\t%s\n' % (
                i, DOGS[i % 3], int(rng.randint(1, 5)), float(rng.randint(80, 900)) / 10.0, species))
    return path


def read_find(filename_queue):
    reader = tf.TextLineReader()
    _, line = reader.read(filename_queue)
    find_id, dog, plot, grams, species = tf.decode_csv(
        line, record_defaults=[[0], [''], [''], [0.0], ['']], field_delim='\t')
    black = tf.equal(species, 'melanosporum')
    # black truffles fetch about three times the price of summer ones
    value_eur = grams * tf.where(black, 3.0, 1.0)
    return [find_id, dog, plot, grams, value_eur]


def main(data_dir):
    path = write_finds(os.path.join(data_dir, 'h68_truffle'))
    filename_queue = tf.train.string_input_producer([path], num_epochs=1, shuffle=False)
    row = read_find(filename_queue)
    shuffled = inputs.shuffle(row, capacity=20, min_after_dequeue=4, num_threads=1, seed=68)
    find_ids, dogs, plots, grams, values = inputs.batch(shuffled, batch_size=4)

    batches = []
    with tf.Session() as sess:
        sess.run([tf.global_variables_initializer(), tf.local_variables_initializer()])
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                i, d, p, g, v = sess.run([find_ids, dogs, plots, grams, values])
                batches.append([i.tolist(), [s.decode() for s in d], [s.decode() for s in p],
                                np.round(g, 1).tolist(), np.round(v, 1).tolist()])
        except tf.errors.OutOfRangeError:
            pass
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": batches, "end": "finds: %d" % sum(len(b[0]) for b in batches)}
