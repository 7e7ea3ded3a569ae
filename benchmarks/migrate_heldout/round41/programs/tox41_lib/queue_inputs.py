"""Multitask toxicity inputs: each CSV row is `mol_id,smiles,<task columns>`; a task the
assay did not measure is left empty, gets the default -1 and a weight of 0."""
from __future__ import print_function

import tensorflow as tf

from tox41_lib.featurizer import featurize, N_FEATURES

tf1 = tf.compat.v1

TOX21_TASKS = ['NR-AR', 'NR-AhR', 'SR-ARE']


def read_molecule(filename_queue, n_tasks):
    reader = tf1.TextLineReader(skip_header_lines=1)
    _, line = reader.read(filename_queue)
    defaults = [[''], ['']] + [[-1.0]] * n_tasks
    columns = tf1.decode_csv(line, record_defaults=defaults)
    mol_id, smiles = columns[0], columns[1]
    y = tf.stack(columns[2:])
    w = tf.cast(tf.greater_equal(y, 0.0), tf.float32)
    y = tf.maximum(y, 0.0)
    x = tf1.py_func(featurize, [smiles], tf.float32, stateful=False, name='featurize')
    x.set_shape([N_FEATURES])
    return mol_id, x, y, w


def make_queue(csv_paths, tasks=TOX21_TASKS, batch_size=4, n_threads=2, n_epochs=1):
    filename_queue = tf1.train.string_input_producer(csv_paths, num_epochs=n_epochs, shuffle=False)
    mol_id, x, y, w = read_molecule(filename_queue, len(tasks))
    return tf1.train.batch([mol_id, x, y, w], batch_size=batch_size,
                           num_threads=n_threads, capacity=4 * batch_size)
