"""The nested chain assigns a name (`row`) that another function and the module also bind, and its source helper
is called through a module imported whole (`import r18_pkg.io.sources as src`)."""
import os

import tensorflow.compat.v1 as tf

import r18_pkg.io.sources as src
from r18_lib.writing import write_rows

row = {"name": "not the pipeline's"}


def describe(row):
    return sorted(row)


def main(data_dir):
    paths = write_rows(os.path.join(data_dir, "r18_nest_reused"), "reused", files=3, rows=5)
    row = src.parse_row(src.lines_of(paths, 1))
    names, counts = tf.train.batch([row["name"], row["count"]], batch_size=3, allow_smaller_final_batch=True)
    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                a, b = sess.run([names, counts])
                batches.append([[x.decode() for x in a], b.tolist()])
        except tf.errors.OutOfRangeError:
            pass
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": batches, "end": "done", "described": describe(globals()["row"])}
