"""svhn33_lib/: read_svhn with a local SVHNRecord class, FixedLengthRecordReader, label 10 -> 0 by tf.mod,
depth-major reshape + transpose, train.batch(3) over two .bin files (4 + 5 records)."""
import os

import numpy as np
import tensorflow.compat.v1 as tf

from svhn33_lib import svhn_input
from svhn33_lib.writer import write_bins


def main(data_dir):
    folder = os.path.join(data_dir, "h33_svhn")
    write_bins(folder, [4, 5])
    images, labels = svhn_input.inputs(folder, 3)
    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        step = 0
        try:
            while not coord.should_stop():
                im, lb = sess.run([images, labels])
                batches.append([np.round(im, 4).tolist(), lb.tolist()])
                step += 1
        except tf.errors.OutOfRangeError:
            end = "Done testing -- %d steps" % step
        finally:
            coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": end}
