"""A package helper making the producer (its name first bound to a list it slices), called twice: each call's
slices read one per run, the first list's then the second's."""
import os

import tensorflow.compat.v1 as tf

from r44u_lib.pairs import pairs


def main(data_dir):
    os.makedirs(os.path.join(data_dir, "r44u_pairs"), exist_ok=True)
    first = pairs(["gaan", "loupe", "had"], [2, 3, 1], 2)
    second = pairs(["zwom", "dronk"], [4, 5], 1)
    batches = []
    with tf.Session() as sess:
        tf.local_variables_initializer().run()
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        for part in (first, second):
            try:
                while True:
                    w, c = sess.run(part)
                    batches.append([[w.decode()], [int(c)]])
            except tf.errors.OutOfRangeError:
                pass
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": "pairs %d" % len(batches)}
