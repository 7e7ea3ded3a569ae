"""Sudoku boards fed from Python: placeholders handed to feed34_lib's PlaceholderQueue, a Coordinator-run feed thread."""
import os

import tensorflow.compat.v1 as tf

from feed34_lib import puzzles
from feed34_lib.flags import FLAGS
from feed34_lib.queueing import PlaceholderQueue


def main(data_dir):
    path = os.path.join(data_dir, "h34_sudoku", "sudoku.csv")
    puzzles.write_puzzles(path, 9)
    quizzes = tf.placeholder(tf.int32, [None, FLAGS.board], name="quizzes")
    solutions = tf.placeholder(tf.int32, [None, FLAGS.board], name="solutions")
    queue = PlaceholderQueue([quizzes, solutions])
    x, y = queue.dequeue(FLAGS.batch_size)
    x = tf.reshape(x, [-1, 4, 4])
    blanks = tf.reduce_sum(tf.cast(tf.equal(x, 0), tf.int32), axis=[1, 2])
    batches = []
    sess = tf.Session()
    coord = tf.train.Coordinator()
    threads = queue.start(sess, coord, puzzles.chunks(path))
    try:
        while not coord.should_stop():
            bx, by, bb = sess.run([x, y, blanks])
            batches.append([bx.tolist(), by.tolist(), bb.tolist()])
    except tf.errors.OutOfRangeError:
        pass
    finally:
        coord.request_stop()
        coord.join(threads)
    sess.close()
    return {"batches": batches, "end": "puzzles fed: %d" % sum(len(b[0]) for b in batches)}
