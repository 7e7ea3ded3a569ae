"""The read size from the environment (a value not known when migrating): left, with the batch's note."""
import os

import tensorflow.compat.v1 as tf

from fl_lib import records
from fl_lib.sized import read_sized


def main(data_dir):
    files = records.write_shards(os.path.join(data_dir, "fl_env"), shards=1)
    rows = read_sized(files, 2, read_size=int(os.environ.get("FL_READ_SIZE", "1")))
    idx = tf.parse_example(rows, records.SPEC)["idx"]
    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                batches.append(sess.run(idx).tolist())
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": batches, "end": end}
