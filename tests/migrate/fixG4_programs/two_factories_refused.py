"""Two calls of one helper hand factories of different compressions: refused, the queue kept."""
import os

import tensorflow.compat.v1 as tf

from g4_lib import varied
from g4_lib.shards import write_shards


def main(data_dir):
    gz = write_shards(os.path.join(data_dir, "g4_v_gz"), "GZIP", shards=1, per_shard=4)
    zl = write_shards(os.path.join(data_dir, "g4_v_zl"), "ZLIB", shards=1, per_shard=4)
    a = varied.read_any(gz, lambda: tf.TFRecordReader(options=tf.python_io.TFRecordOptions("GZIP")))
    b = varied.read_any(zl, lambda: tf.TFRecordReader(options=tf.python_io.TFRecordOptions("ZLIB")))
    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess, coord)
        for _ in range(2):
            batches.append([x.tolist() for x in sess.run([a, b])])
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": "done"}
