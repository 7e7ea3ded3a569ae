"""Helpers imported by name under other names (`from r18_lib.rows import read_lines as source`), wrapped by a
helper of this module, the nesting in a function of its own; the tensors batched as a list, `import tensorflow
as tf` with compat.v1 calls."""
import os

import tensorflow as tf

from r18_lib.rows import read_lines as source, split_row as split
from r18_lib.writing import write_rows


def tag(fields):
    name, count, weight = fields
    return tf.strings.join([name, "!"]), count + 1, weight * weight


def batches_of(paths):
    name, count, weight = tag(split(source(paths)))
    return tf.compat.v1.train.batch([name, count, weight], batch_size=5, allow_smaller_final_batch=True)


def main(data_dir):
    names, counts, weights = batches_of(write_rows(os.path.join(data_dir, "r18_nest_alias"), "alias", rows=6))
    batches, end = [], None
    with tf.compat.v1.Session() as sess:
        sess.run(tf.compat.v1.local_variables_initializer())
        coord = tf.compat.v1.train.Coordinator()
        threads = tf.compat.v1.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                a, b, c = sess.run([names, counts, weights])
                batches.append([[x.decode() for x in a], b.tolist(), [round(float(v), 4) for v in c]])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": batches, "end": end}
