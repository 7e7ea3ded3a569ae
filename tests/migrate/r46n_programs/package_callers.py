"""The input function lives in a package (`r46n_lib/inputs.py`), its pipeline in sibling name scopes; two
callers here, each with files of its own: 8 rows in batches of 2, 6 rows in batches of 3."""

import os

import tensorflow.compat.v1 as tf

from r46n_lib.inputs import input_batches


def write(folder, name, rows):
    os.makedirs(folder, exist_ok=True)
    path = os.path.join(folder, name)
    with open(path, "w") as out:
        out.write("word,count\n")
        for k in range(rows):
            out.write("w%s%d,%d\n" % (name[0], k, k * k))
    return path


def run(words, counts):
    out = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                w, c = sess.run([words, counts])
                out.append([[x.decode() for x in w], c.tolist()])
        except tf.errors.OutOfRangeError:
            pass
        coord.request_stop()
        coord.join(threads)
    return out


def main(data_dir):
    folder = os.path.join(data_dir, "r46n_package")
    with tf.Graph().as_default():
        first = run(*input_batches([write(folder, "a.csv", 4), write(folder, "b.csv", 4)], 2))
    with tf.Graph().as_default():
        second = run(*input_batches([write(folder, "c.csv", 6)], 3))
    return {"batches": first + second, "end": "OutOfRangeError"}
