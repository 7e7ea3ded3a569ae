"""Karaoke takes read through r48d_takes.feeder.TakesFeeder, whose thread targets `self.run`."""
import numpy as np
import tensorflow.compat.v1 as tf

from r48d_takes import takes as feeder_lib


def main(data_dir):
    rng = np.random.RandomState(4949)
    takes = [(rng.randint(48, 72, size=rng.randint(2, 6)), float(np.round(rng.uniform(50, 100), 1)))
             for _ in range(12)]
    coord = tf.train.Coordinator()
    batches = []
    end = 'no end'
    with tf.Session() as sess:
        feeder = feeder_lib.TakesFeeder(sess, coord, takes, 3)
        thread = feeder.start_in_session(sess)
        try:
            while not coord.should_stop():
                x, y = sess.run([feeder.notes, feeder.scores])
                batches.append([x.tolist(), np.round(y.astype(np.float64), 3).tolist()])
        except tf.errors.OutOfRangeError:
            end = 'OutOfRangeError'
            coord.request_stop()
        coord.join([thread])
    return {'batches': batches, 'end': end}
