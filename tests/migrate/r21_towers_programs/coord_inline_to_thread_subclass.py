"""The same feeder class handed an inline Coordinator (`from tensorflow.compat.v1 import train`)."""

import tensorflow.compat.v1 as tf
from tensorflow.compat.v1 import train

from r21t_lib.feeder import Feeder


def main(data_dir):
    feeder = Feeder(train.Coordinator(), list(range(3, 11)), 2)
    batches = []
    with tf.Session() as sess:
        feeder.start_in_session(sess)
        for _ in range(5):
            x, y = sess.run([feeder.x, feeder.y])
            batches.append([x.tolist(), y.tolist()])
    feeder.join(10)
    return {"batches": batches, "end": len(batches)}
