"""A feeding class imported as a module alias (`import r27f_lib.row_feeder as rf`) whose `start(sess, coord)`
returns a list of threads, joined by the coordinator in `finally`; `dequeue_up_to(2)` of words and lengths."""
import tensorflow as tf

import r27f_lib.row_feeder as rf

WORDS = ["alpha", "be", "gamma", "delta", "eps", "zeta", "etaa"]


def main(data_dir):
    feeder = rf.RowFeeder(WORDS)
    word, length = feeder.inputs(2)
    batches = []
    with tf.compat.v1.Session() as sess:
        coord = tf.compat.v1.train.Coordinator()
        threads = feeder.start(sess, coord)
        try:
            while not coord.should_stop():
                w, n = sess.run([word, length])
                batches.append([[x.decode() for x in w], n.tolist()])
        except tf.errors.OutOfRangeError:
            pass
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": batches, "end": "OutOfRangeError"}
