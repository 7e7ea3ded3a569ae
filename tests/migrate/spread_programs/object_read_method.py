"""A table reader class: the file queue made in `__init__`, a method named `read` that makes a TextLineReader
and calls the reader's own `read` on the queue, and `batch()` that calls `self.read()` and batches; a
`v1 = tf.compat.v1` alias. Two epochs; the record keys are batched too."""

import os

import tensorflow as tf

v1 = tf.compat.v1


class TableReader(object):
    def __init__(self, data_dir, epochs=2):
        files = [os.path.join(data_dir, "table-%d.csv" % i) for i in range(2)]
        self.filename_queue = v1.train.string_input_producer(files, num_epochs=epochs, shuffle=False)

    def read(self):
        with v1.name_scope("reader"):
            reader = v1.TextLineReader(skip_header_lines=1)
        key, line = reader.read(self.filename_queue)
        a, b, label = v1.decode_csv(line, record_defaults=[[0], [0.0], [-1]])
        return key, a, b * 2.0, label

    def batch(self, size):
        key, a, b, label = self.read()
        return v1.train.batch([key, a, b, label], batch_size=size, num_threads=1, allow_smaller_final_batch=True)


def main(data_dir):
    keys, a, b, label = TableReader(data_dir).batch(30)
    out, end = [], None
    with v1.Session() as sess:
        sess.run(v1.local_variables_initializer())
        coord = v1.train.Coordinator()
        threads = v1.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                k, av, bv, lv = sess.run([keys, a, b, label])
                out.append([[os.path.basename(s.decode()) for s in k], av.tolist(), bv.tolist(), lv.tolist()])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": out, "end": end}
