"""A method of a package class switching its batch by a parameter whose default is a module constant (False):
the caller passes nothing, so the elements come one per run."""
import tensorflow.compat.v1 as tf

from f5_lib.rows import write_rows
from f5_lib.source import RowSource


def main(data_dir):
    path = write_rows(data_dir + "/f5_method", "rows.csv", 7)
    source = RowSource(3)
    single = source.inputs([path])
    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                c, d = sess.run(single)
                batches.append([[int(c)], [float(d)]])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": batches, "end": end}
