"""A padded batch made by a helper of another module (``hb_lib.padded_reader``, ``tensorflow.python.*``
imports, enqueue ops from a list comprehension, ``dequeue_up_to``: the short tail arrives); a plain session
loop to ``OutOfRangeError``."""

import os

import tensorflow.compat.v1 as tf

from hb_lib import sequences
from hb_lib.padded_reader import padded_batch_up_to


def main(data_dir):
    files = sequences.write_sequences(os.path.join(data_dir, "hb_padded_python_modules"), 23)
    labels, lengths = padded_batch_up_to(files, 5)
    batches, end = [], None
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                y, n = sess.run([labels, lengths])
                pads = [bool(y.shape[1] == max(n) and not y[j, n[j]:].any()) for j in range(len(n))]
                batches.append([[y[j, :n[j]].tolist() for j in range(len(n))], n.tolist(), pads])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": end}
