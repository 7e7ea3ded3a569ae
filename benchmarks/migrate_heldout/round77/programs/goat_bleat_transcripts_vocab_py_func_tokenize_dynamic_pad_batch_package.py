"""Goat-bleat call transcripts (a toy language for a bioacoustics captioning model) through a `vocab` module and
a `reader` module (package `goat77`): the research script's layout (`FLAGS`-like module constants, `vocab =
Vocabulary(FLAGS.vocab_file)`, `build_input(...)`, runners started after the graph, `while not
coord.should_stop()`). Written from knowledge of this common research form (py_func tokenization into a
dynamically padded batch); no single file was followed."""
import os

import numpy as np
import tensorflow.compat.v1 as tf

from goat77 import reader
from goat77.vocab import Vocabulary


class FLAGS(object):
    vocab_file = ''
    train_file = ''
    batch_size = 3
    num_epochs = 1


WORDS = ['maa', 'meh', 'baa', 'snort', 'bleat', 'long', 'short', 'kid', 'nanny']


def write_data(folder):
    rng = np.random.RandomState(7709)
    with open(os.path.join(folder, 'vocab.txt'), 'w') as f:
        for w in WORDS[:7]:
            f.write('%s %d\n' % (w, rng.randint(1, 50)))
    with open(os.path.join(folder, 'calls.txt'), 'w') as f:
        for _ in range(7):
            n = rng.randint(1, 5)
            f.write(' '.join(WORDS[j] for j in rng.randint(0, len(WORDS), size=n)) + '\n')


def main(data_dir):
    folder = os.path.join(data_dir, 'h77_goat')
    os.makedirs(folder, exist_ok=True)
    write_data(folder)
    FLAGS.vocab_file = os.path.join(folder, 'vocab.txt')
    FLAGS.train_file = os.path.join(folder, 'calls.txt')

    vocab = Vocabulary(FLAGS.vocab_file)
    ids, lengths = reader.build_input(FLAGS.train_file, vocab, FLAGS.batch_size, FLAGS.num_epochs)

    batches = []
    sess = tf.Session()
    sess.run([tf.global_variables_initializer(), tf.local_variables_initializer()])
    coord = tf.train.Coordinator()
    threads = tf.train.start_queue_runners(sess=sess, coord=coord)
    try:
        while not coord.should_stop():
            i, l = sess.run([ids, lengths])
            batches.append([i.tolist(), l.tolist()])
    except tf.errors.OutOfRangeError:
        print('epoch done')
    finally:
        coord.request_stop()
        coord.join(threads)
    sess.close()
    return {'batches': batches, 'end': 'calls: %d' % sum(len(b[1]) for b in batches)}
