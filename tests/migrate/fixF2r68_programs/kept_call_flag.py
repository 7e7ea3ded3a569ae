"""A prefetch stage of another module whose class is chosen by a function given a call (left legacy); the
program's own pipeline is rewritten, and its Coordinator stays for the stage's runner."""
import os

import tensorflow.compat.v1 as tf

from f2r_lib.kept import kept_stage


def main(data_dir):
    path = os.path.join(data_dir, "f2_kept.csv")
    with open(path, "w") as f:
        for i in range(8):
            f.write("%d\n" % (3 * i))
    names = tf.train.string_input_producer([path], shuffle=False)
    _, row = tf.TextLineReader().read(names)
    (value,) = tf.decode_csv(row, record_defaults=[[0]])
    values = tf.train.batch([value], batch_size=2, capacity=4)
    q = kept_stage([values])
    got = q.dequeue()
    batches = []
    with tf.Session() as sess:
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        for _ in range(3):
            batches.append([sess.run(got).tolist()])
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": "three"}
