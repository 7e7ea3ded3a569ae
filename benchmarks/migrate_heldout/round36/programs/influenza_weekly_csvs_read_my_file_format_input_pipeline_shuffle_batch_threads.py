"""Influenza-like-illness weekly counts: five CSV shards, read_my_file_format + input_pipeline(batch_size, read_threads)."""
import os

import numpy as np
import tensorflow.compat.v1 as tf


def write_shards(out):
    names = []
    rs = np.random.RandomState(36)
    week = 0
    for i in range(5):
        name = os.path.join(out, "%d.csv" % i)
        with open(name, "w") as f:
            for _ in range(3 if i < 2 else 2):
                week += 1
                f.write("%d,region%d,%d\n" % (week, rs.randint(0, 4), rs.randint(10, 500)))
        names.append(name)
    return names


def read_my_file_format(filename_queue):
    reader = tf.TextLineReader()
    key, value = reader.read(filename_queue)
    record_defaults = [[0], [''], [0]]
    col1, col2, col3 = tf.decode_csv(value, record_defaults=record_defaults)
    return col3, col1


def input_pipeline(filenames, batch_size, read_threads, num_epochs=None):
    filename_queue = tf.train.string_input_producer(filenames, num_epochs=num_epochs, shuffle=True, seed=3)
    examplelist = read_my_file_format(filename_queue)
    min_after_dequeue = 4
    capacity = min_after_dequeue + 6 * batch_size
    example_batch, label_batch = tf.train.shuffle_batch(
        examplelist, batch_size=batch_size, capacity=capacity,
        min_after_dequeue=min_after_dequeue, num_threads=read_threads)
    return example_batch, label_batch


def main(data_dir):
    out = os.path.join(data_dir, "h36_influenza")
    os.makedirs(out, exist_ok=True)
    names = write_shards(out)  # 12 weeks
    cases, weeks = input_pipeline(names, 4, 2, num_epochs=1)
    batches = []
    with tf.Session() as sess:
        sess.run([tf.global_variables_initializer(), tf.local_variables_initializer()])
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                c, w = sess.run([cases, weeks])
                batches.append([c.tolist(), w.tolist()])
        except tf.errors.OutOfRangeError:
            pass
        finally:
            coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": "weeks: %d" % sum(len(b[0]) for b in batches)}
