"""A program using a feeding thread of another module (``thread_lib/token_feeder.py``): it attaches the session,
starts and joins the thread, and reads padded batches of 3 (the tail is lost) up to the end."""

import tensorflow.compat.v1 as tf

from thread_lib.token_feeder import TokenFeeder

WORDS = ["a", "bc", "def", "g", "hijk", "lm", "nopqr", "s", "tu", "vwx", "yz", "ab", "cde", "f"]


def main(data_dir):
    feeder = TokenFeeder(WORDS)
    ids, bins = feeder.batch(3)
    out, end = [], None
    with tf.Session() as sess:
        feeder.attach(sess)
        feeder.start()
        try:
            while True:
                a, b = sess.run([ids, bins])
                out.append([a.tolist(), b.tolist()])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        feeder.join()
    return {"batches": out, "end": end}
