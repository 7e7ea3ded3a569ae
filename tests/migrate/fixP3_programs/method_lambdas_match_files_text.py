"""A class's method binds the stages by lambdas in each branch of ``if self.train``; the producer reads
``match_filenames_once`` (a local variable) through a one-epoch unshuffled queue, a WholeFileReader reads the
files; the evaluation branch taken (one thread)."""
import os

import tensorflow.compat.v1 as tf


class Notes:
    def __init__(self, folder, train):
        self.folder, self.train = folder, train

    def batches(self, size):
        if self.train:
            names = lambda: tf.train.string_input_producer(tf.identity(tf.train.match_filenames_once(
                os.path.join(self.folder, "*.txt"))), shuffle=True)
            length = lambda s: tf.strings.length(s) + tf.random.uniform([], 0, 2, tf.int32)
            stack = lambda a, b: tf.train.shuffle_batch([a, b], size, 30, 5)
        else:
            names = lambda: tf.train.string_input_producer(tf.identity(tf.train.match_filenames_once(
                os.path.join(self.folder, "*.txt"))), num_epochs=1, shuffle=False)
            length = lambda s: tf.strings.length(s)
            stack = lambda a, b: tf.train.batch([a, b], size, num_threads=1, capacity=10)
        name, text = tf.WholeFileReader().read(names())
        return stack(name, length(text))


def main(data_dir):
    folder = os.path.join(data_dir, "p3_notes")
    os.makedirs(folder, exist_ok=True)
    for i in (3, 0, 7, 1, 5, 2):  # (written out of order: the producer sees them sorted)
        with open(os.path.join(folder, "n%d.txt" % i), "w") as f:
            f.write("x" * (i * 2 + 1))
    names, lengths = Notes(folder, train=False).batches(2)
    out = []
    with tf.Session() as sess:
        sess.run([tf.global_variables_initializer(), tf.local_variables_initializer()])
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                a, b = sess.run([names, lengths])
                out.append([[os.path.basename(n.decode()) for n in a], b.tolist()])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        coord.request_stop()
        coord.join(threads)
    return {"batches": out, "end": end}
