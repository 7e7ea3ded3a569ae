import os

import tensorflow as tf

from fixr_lib.records import write_windows
from fixr_lib.tuple_reader import PairReader


class Feeder(object):

    def __init__(self, files, batch_size):
        self.source = PairReader(files)
        t0, label = self.source.read(1)
        self.t0, self.label = tf.compat.v1.train.batch([t0, label], batch_size=batch_size)


def main(data_dir):
    folder = os.path.join(data_dir, "fixr_pairs")
    write_windows(folder, 2, 3, 3)
    files = [os.path.join(folder, "part_%d" % i, "w.tfrecords") for i in range(2)]
    feeder = Feeder(files, 3)
    out = []
    with tf.compat.v1.Session() as sess:
        sess.run(tf.compat.v1.local_variables_initializer())
        coord = tf.compat.v1.train.Coordinator()
        threads = tf.compat.v1.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                t0, label = sess.run([feeder.t0, feeder.label])
                out.append([t0.tolist(), label.tolist()])
        except tf.errors.OutOfRangeError:
            pass
        coord.request_stop()
        coord.join(threads)
    return {"batches": out, "end": "rows: %d" % sum(len(b[0]) for b in out)}
