"""Kiln firing logs: a training file and a test file read by ONE TextLineReader.

From tensorflow/tensorflow issue #2514 ("multi-epoch alternative to tf.QueueBase.close()"): the
asker alternated training and testing data; tf.cond over two batches dequeued both (mrry).  Of the
work-arounds he lists, this one "knows the number of enqueue's for the epoch and only dequeues
that number" for training, then reads the test producer to its end.  The reader object is built
once and handed both filename queues, as in the asker's helper.
"""
import os

import numpy as np
import tensorflow.compat.v1 as tf

TRAIN_STEPS = 8


def write_log(path, n, seed):
    rng = np.random.RandomState(seed)
    with open(path, "w") as f:
        f.write("firing,peak_c,hours,cracked\n")
        for i in range(n):
            f.write("%d,%d,%.1f,%d\n" % (i, rng.randint(900, 1300), rng.uniform(6, 14), rng.randint(0, 2)))


def decode(line):
    firing, peak, hours, cracked = tf.decode_csv(line, record_defaults=[[0], [0], [0.0], [0]])
    return firing, tf.cast(peak, tf.float32) / 1000.0, hours, cracked


def main(data_dir):
    folder = os.path.join(data_dir, "h62_kiln_firings")
    os.makedirs(folder, exist_ok=True)
    train_file = os.path.join(folder, "train.csv")
    test_file = os.path.join(folder, "test.csv")
    write_log(train_file, TRAIN_STEPS, 2514)
    write_log(test_file, 4, 2515)

    reader = tf.TextLineReader(skip_header_lines=1)
    train_queue = tf.train.string_input_producer([train_file], num_epochs=1, shuffle=False)
    test_queue = tf.train.string_input_producer([test_file], num_epochs=1, shuffle=False)
    _, train_line = reader.read(train_queue)
    _, test_line = reader.read(test_queue)
    train_row = decode(train_line)
    test_row = decode(test_line)

    w = tf.Variable(0.0, name="w")
    loss = tf.square(train_row[1] * w - tf.cast(train_row[3], tf.float32))
    train_op = tf.train.GradientDescentOptimizer(0.1).minimize(loss)

    batches = []
    with tf.Session() as sess:
        sess.run(tf.global_variables_initializer())
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        for step in range(TRAIN_STEPS):
            (f, p, h, c), _ = sess.run([train_row, train_op])
            batches.append([["train"], [int(f)], [round(float(p), 3)], [round(float(h), 2)], [int(c)]])
        n_test = 0
        try:
            while not coord.should_stop():
                f, p, h, c = sess.run(test_row)
                batches.append([["test"], [int(f)], [round(float(p), 3)], [round(float(h), 2)], [int(c)]])
                n_test += 1
        except tf.errors.OutOfRangeError:
            pass
        finally:
            coord.request_stop()
        coord.join(threads)
        final_w = sess.run(w)
    return {"batches": batches, "end": {"train": TRAIN_STEPS, "test": n_test, "w": round(float(final_w), 4)}}
