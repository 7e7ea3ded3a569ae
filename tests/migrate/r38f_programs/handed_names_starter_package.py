"""Placeholders made by the program and handed by name to r38f_lib's PlaceholderQueue (another module), whose
own ``start`` makes the feeding thread; their shapes are sized by another module's ``FLAGS.board`` (a plain
config class's attribute); 10 boards in chunks of 3, batches of 3 (the tenth never arrives)."""
import os

import numpy as np
import tensorflow.compat.v1 as tf1

from r38f_lib.flags import FLAGS
from r38f_lib.queueing import PlaceholderQueue


def boards(n, size):
    rng = np.random.RandomState(38)
    quizzes = rng.randint(0, 5, size=(n, FLAGS.board)).astype(np.int32)
    solutions = (quizzes + 1).astype(np.int32)
    for start in range(0, n, size):
        yield quizzes[start:start + size], solutions[start:start + size]


def main(data_dir):
    os.makedirs(os.path.join(data_dir, 'r38f_boards'), exist_ok=True)
    quizzes = tf1.placeholder(tf1.int32, [None, FLAGS.board], name="quizzes")
    solutions = tf1.placeholder(tf1.int32, [None, FLAGS.board], name="solutions")
    queue = PlaceholderQueue([quizzes, solutions])
    x, y = queue.dequeue(3)
    blanks = tf1.reduce_sum(tf1.cast(tf1.equal(x, 0), tf1.int32), axis=1)
    batches = []
    sess = tf1.Session()
    coord = tf1.train.Coordinator()
    threads = queue.start(sess, coord, boards(10, FLAGS.chunk))
    try:
        while not coord.should_stop():
            bx, by, bb = sess.run([x, y, blanks])
            batches.append([bx.tolist(), by.tolist(), bb.tolist()])
    except tf1.errors.OutOfRangeError:
        end = "OutOfRangeError"
    finally:
        coord.request_stop()
        coord.join(threads)
    sess.close()
    return {"batches": batches, "end": end}
