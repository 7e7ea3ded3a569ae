"""Scanned multiple-choice answer sheets (optical mark recognition output) of two classes: each line holds the
student number and the marked answers as one string; the score is counted against the answer key in the graph."""
from __future__ import print_function

import os

import numpy as np
import tensorflow.compat.v1 as tf
from tensorflow.compat.v1 import train

ANSWER_KEY = 'BDACCABD'


def write_sheets(root):
    rng = np.random.RandomState(40)
    paths = []
    for klass in ('7A', '7B'):
        path = os.path.join(root, 'class_%s.txt' % klass)
        with open(path, 'w') as f:
            for i in range(6):
                answers = ''.join(rng.choice(list('ABCD')) if rng.rand() < 0.5 else c for c in ANSWER_KEY)
                f.write('%s-%02d %s\n' % (klass, i + 1, answers))
        paths.append(path)
    return paths


def grade(line):
    student, answers = tf.decode_csv(line, record_defaults=[[''], ['']], field_delim=' ')
    marks = tf.string_split([answers], delimiter='').values
    key = tf.constant(list(ANSWER_KEY))
    correct = tf.cast(tf.equal(marks, key), tf.int32)
    score = tf.reduce_sum(correct)
    correct.set_shape([len(ANSWER_KEY)])
    return student, correct, score


def main(data_dir):
    root = os.path.join(data_dir, 'h40_answer_sheets')
    os.makedirs(root, exist_ok=True)
    paths = write_sheets(root)

    filename_queue = train.string_input_producer(paths, shuffle=False, num_epochs=1)
    reader = tf.TextLineReader()
    _, line = reader.read(filename_queue)
    student, correct, score = grade(line)
    students, corrects, scores = train.batch([student, correct, score], batch_size=4, num_threads=2, capacity=16)

    sess = tf.Session()
    sess.run(tf.local_variables_initializer())
    coord = train.Coordinator()
    threads = train.start_queue_runners(sess=sess, coord=coord)
    batches = []
    step = 0
    try:
        while not coord.should_stop():
            s, c, sc = sess.run([students, corrects, scores])
            batches.append([[x.decode() for x in s], c.tolist(), sc.tolist()])
            step += 1
    except tf.errors.OutOfRangeError:
        print('Done grading -- %d steps' % step)
    finally:
        coord.request_stop()
    coord.join(threads)
    sess.close()
    return {"batches": batches, "end": "sheets: %d" % sum(len(b[0]) for b in batches)}
