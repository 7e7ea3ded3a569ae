"""Parallel text in a package: the batching function, the kwargs wrapper and the per-side reader of a library
module, two files per side read in lock-step, dicts of tokens batched with dynamic padding."""
import os

import tensorflow.compat.v1 as tf

from k1_lib import text_io


def main(data_dir):
    folder = os.path.join(data_dir, "k1_pkg")
    src = [text_io.write_lines(folder, "s%d.txt" % k, ["a%d b c" % i + " d" * (i % 3) for i in range(4)])
           for k in range(2)]
    tgt = [text_io.write_lines(folder, "t%d.txt" % k, ["x%d" % i + " y" * (i % 4) for i in range(4)])
           for k in range(2)]
    batch = text_io.batched_pairs(src, tgt, 3)
    out = []
    with tf.Session() as sess:
        sess.run([tf.global_variables_initializer(), tf.local_variables_initializer()])
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                b = sess.run(batch)
                out.append({k: v.tolist() for k, v in sorted(b.items())})
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": str(out), "end": end}
