"""A CSV reader helper returning a dict of columns, batched as a dict, run under a Supervisor."""

import os

import tensorflow.compat.v1 as tf

CSV_DEFAULTS = [[0], [0.0], [0]]
COLUMNS = ['a', 'b', 'label']


def read_row(filename_queue):
    reader = tf.TextLineReader(skip_header_lines=1)
    _, line = reader.read(filename_queue)
    columns = tf.decode_csv(line, record_defaults=CSV_DEFAULTS)
    row = dict(zip(COLUMNS, columns))
    row['b'] = row['b'] * 2.0
    return row


def batch_rows(filenames, batch_size):
    with tf.name_scope('input'):
        filename_queue = tf.train.string_input_producer(filenames, num_epochs=1, shuffle=False)
        row = read_row(filename_queue)
        batch = tf.train.batch(row, batch_size=batch_size, num_threads=1, capacity=4 * batch_size,
                               allow_smaller_final_batch=True)
    return batch


def main(data_dir):
    filenames = [os.path.join(data_dir, 'table-%d.csv' % i) for i in (0, 1)]
    batch = batch_rows(filenames, batch_size=7)

    sv = tf.train.Supervisor(logdir=None, summary_op=None)
    batches = []
    with sv.managed_session() as sess:
        while not sv.should_stop():
            values = sess.run(batch)
            batches.append({k: v.tolist() for k, v in values.items()})
    return {'batches': batches, 'end': 'should_stop'}
