"""Glassblowing gathers: the tutorial's one_reader_one_example / one_reader_multi_example over three CSVs."""
import os

import numpy as np
import tensorflow.compat.v1 as tf


def write_data(folder):
    os.makedirs(folder, exist_ok=True)
    names = []
    for i, part in enumerate(['a', 'b', 'c']):
        path = os.path.join(folder, part + '.csv')
        with open(path, 'w') as f:
            for j in range(3):
                f.write('gather_%s%d,%d\n' % (part, j, (i * 3 + j) % 4))
        names.append(path)
    return names


def one_reader_one_example(filenames):
    filename_queue = tf.train.string_input_producer(filenames, shuffle=False)
    reader = tf.TextLineReader()
    key, value = reader.read(filename_queue)
    example, label = tf.decode_csv(value, record_defaults=[['null'], ['null']])
    out = []
    with tf.Session() as sess:
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(coord=coord)
        for i in range(4):
            out.append([example.eval().decode(), label.eval().decode()])
        coord.request_stop()
        coord.join(threads)
    return out


def one_reader_multi_example(filenames):
    filename_queue = tf.train.string_input_producer(filenames, shuffle=False, num_epochs=1)
    reader = tf.TextLineReader()
    key, value = reader.read(filename_queue)
    example, label = tf.decode_csv(value, record_defaults=[['null'], [0]])
    example_batch, label_batch = tf.train.batch([example, label], batch_size=3)
    out = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(coord=coord)
        try:
            while not coord.should_stop():
                e, l = sess.run([example_batch, label_batch])
                out.append([[x.decode() for x in e], l.tolist()])
        except tf.errors.OutOfRangeError:
            pass
        finally:
            coord.request_stop()
        coord.join(threads)
    return out


def main(data_dir):
    filenames = write_data(os.path.join(data_dir, 'h73_glass'))
    singles = one_reader_one_example(filenames)
    batches = one_reader_multi_example(filenames)
    return {"batches": singles + batches, "end": "gathers: %d" % sum(len(b[1]) for b in batches)}
