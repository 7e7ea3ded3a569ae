"""A class's method calls a package helper with a reader made inline (`tf.compat.v1.TFRecordReader()`), the
helper returning a dict batch."""
import os

import tensorflow as tf

from fixk_lib.inputs import prefetched_rows
from fixk_lib.records import write_shards


class Model(object):
    def __init__(self, files):
        self.files = files

    def build(self):
        return prefetched_rows(self.files, tf.compat.v1.TFRecordReader(), readers=4, copies=3, batch_size=3)


def main(data_dir):
    batch = Model(write_shards(os.path.join(data_dir, "fixk_package"), shards=4, per=3)).build()
    batches = []
    with tf.compat.v1.Session() as sess:
        sess.run(tf.compat.v1.local_variables_initializer())
        coord = tf.compat.v1.train.Coordinator()
        threads = tf.compat.v1.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                b = sess.run(batch)
                batches.append({"id": b["id"].tolist(), "depth": [round(float(x), 4) for x in b["depth"]]})
        except tf.errors.OutOfRangeError:
            pass
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": "rows: %d" % sum(len(b["id"]) for b in batches)}
