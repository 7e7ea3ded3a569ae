"""A feeder `Thread` subclass of another module, its queue local to `__init__`; a fixed number of steps
(the data wraps around), then the session closes under the blocked feeder."""

import tensorflow.compat.v1 as tf

from r21q_lib.feeder import Feeder


def main(data_dir):
    feeder = Feeder(list(range(11)), 4)
    total = tf.reduce_sum(feeder.x, axis=1)
    batches = []
    with tf.Session() as sess:
        feeder.start_in_session(sess)
        for _ in range(6):
            x, y, t = sess.run([feeder.x, feeder.y, total])
            batches.append([x.tolist(), y.tolist(), t.tolist()])
    feeder.join(10)
    return {"batches": batches, "end": len(batches)}
