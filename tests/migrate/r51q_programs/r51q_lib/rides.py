import os

import tensorflow.compat.v1 as tf


def get_filename_queue(split_file, data_dir, num_epochs=None):
    with open(split_file, 'r') as f:
        filenames = [os.path.join(data_dir, line.strip()) for line in f if line.strip()]
    for name in filenames:
        if not os.path.exists(name):
            raise ValueError('Failed to find file: ' + name)
    filename_queue = tf.train.string_input_producer(filenames, num_epochs=num_epochs, seed=7)
    return filename_queue


def read_ride(filename_queue):
    reader = tf.TextLineReader(skip_header_lines=1)
    _, line = reader.read(filename_queue)
    chair, riders = tf.decode_csv(line, record_defaults=[[0], [0]])
    return [chair, riders * 2]


def create_batch(inputs, batch_size=4, threads=1):
    return tf.train.batch(inputs, batch_size=batch_size, num_threads=threads, capacity=32)


def write_days(root, days, rows):
    names = []
    for d in range(days):
        names.append('day%d.csv' % d)
        with open(os.path.join(root, names[-1]), 'w') as f:
            f.write('chair,riders\n')
            for i in range(rows):
                f.write('%d,%d\n' % (100 * d + i, (d + i) % 5))
    with open(os.path.join(root, 'split.txt'), 'w') as f:
        f.write('\n'.join(names) + '\n')
    return os.path.join(root, 'split.txt')
