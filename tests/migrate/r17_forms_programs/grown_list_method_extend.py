"""A reader object whose `batches` method grows the batched list by `extend` under a test of its own attributes
(`self.extra and not self.plain`); `import tensorflow as tf` with compat.v1 spellings."""

import glob
import os

import tensorflow as tf


class Rows(object):
    def __init__(self, paths, extra, plain=False):
        self.paths, self.extra, self.plain = paths, extra, plain

    def batches(self):
        queue = tf.compat.v1.train.string_input_producer(self.paths, num_epochs=2, shuffle=False)
        _, line = tf.compat.v1.TextLineReader(skip_header_lines=1).read(queue)
        a, b, label = tf.io.decode_csv(line, record_defaults=[[0], [0.0], [0]])
        columns = [b, label]
        if self.extra and not self.plain:
            columns.extend([a + 1, b * 2.0])
        return tf.compat.v1.train.batch(columns, batch_size=6)


def main(data_dir):
    batch = Rows(sorted(glob.glob(os.path.join(data_dir, "table-*.csv"))), extra=True).batches()
    batches, end = [], None
    with tf.compat.v1.Session() as sess:
        sess.run(tf.compat.v1.local_variables_initializer())
        coord = tf.compat.v1.train.Coordinator()
        threads = tf.compat.v1.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                batches.append([column.tolist() for column in sess.run(batch)])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": batches, "end": end}
