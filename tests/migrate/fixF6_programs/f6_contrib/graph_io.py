"""A stand-in for an estimator-era contrib graph_io: batch helpers taking the reader class as an argument."""
import glob
import os
import types

import numpy as np
import tensorflow.compat.v1 as tf


def write_examples(folder, shards, per):
    os.makedirs(folder, exist_ok=True)
    rng = np.random.RandomState(6)
    for s in range(shards):
        with tf.python_io.TFRecordWriter(os.path.join(folder, "part-%d.tfrecord" % s)) as w:
            for i in range(per):
                feature = {"idx": tf.train.Feature(int64_list=tf.train.Int64List(value=[s * 100 + i])),
                           "val": tf.train.Feature(float_list=tf.train.FloatList(value=[float(rng.randint(50))]))}
                w.write(tf.train.Example(features=tf.train.Features(feature=feature)).SerializeToString())
    return os.path.join(folder, "part-*.tfrecord")


def write_lines(folder, shards, per):
    os.makedirs(folder, exist_ok=True)
    files = []
    for s in range(shards):
        files.append(os.path.join(folder, "rows-%d.csv" % s))
        with open(files[-1], "w") as f:
            f.write("".join("%d,%d.5\n" % (s * 10 + i, i) for i in range(per)))
    return files


def read_keyed_batches(pattern, batch_size, spec, reader_cls, shuffle=False, epochs=None, capacity=64,
                       readers=1, name=None):
    """Parsed batches of `Example`s: `readers` copies of the reader class over one file queue."""
    with tf.name_scope(name, 'read_keyed_batches'):
        files = sorted(glob.glob(pattern))
        queue = tf.train.string_input_producer(files, shuffle=shuffle, num_epochs=epochs, seed=6)
        serialized = []
        for _ in range(readers):
            _, record = reader_cls().read(queue)
            serialized.append([record])
        if shuffle:
            batch = tf.train.shuffle_batch_join(serialized, batch_size, capacity=capacity, min_after_dequeue=4,
                                                seed=6, allow_smaller_final_batch=True)
        else:
            batch = tf.train.batch_join(serialized, batch_size, capacity=capacity, allow_smaller_final_batch=True)
        return tf.parse_example(batch, spec)


def read_line_batches(files, batch_size, reader=tf.TextLineReader, randomize=True, epochs=1, threads=1):
    queue = tf.train.string_input_producer(files, shuffle=randomize, num_epochs=epochs, seed=3)
    _, line = reader().read(queue)
    n, x = tf.decode_csv(line, [[0], [0.0]])
    if randomize:
        batch = tf.train.shuffle_batch([n, x], batch_size, capacity=32, min_after_dequeue=5, num_threads=threads,
                                       seed=3, allow_smaller_final_batch=True)
    else:
        batch = tf.train.batch([n, x], batch_size, num_threads=threads, allow_smaller_final_batch=True)
    return batch


learn = types.SimpleNamespace(version="f6", io=types.SimpleNamespace(read_lines=read_line_batches))
