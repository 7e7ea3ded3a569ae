"""A RandomShuffleQueue pipeline class of a package (``p2_lib.pipes.ShuffledRows``): every row once."""
import os

import tensorflow.compat.v1 as tf

from p2_lib.pipes import ShuffledRows
from p2_lib.records import write_shards


def main(data_dir):
    files = write_shards(os.path.join(data_dir, "p2_shuffled"))
    rows = ShuffledRows(files, batch_size=3, threads=3)
    idx, weight, tag = rows.batch
    batches = []
    sess = tf.Session()
    sess.run(tf.local_variables_initializer())
    coord = tf.train.Coordinator()
    tf.train.start_queue_runners(sess=sess, coord=coord)
    workers = rows.launch(sess, coord)
    try:
        while not coord.should_stop():
            i, w, t = sess.run([idx, weight, tag])
            batches.append([i.tolist(), w.tolist(), [x.decode() for x in t]])
    except tf.errors.OutOfRangeError:
        end = "OutOfRangeError"
    finally:
        coord.request_stop()
    coord.join(workers)
    sess.close()
    return {"batches": batches, "end": end}
