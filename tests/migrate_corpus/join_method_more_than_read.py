"""A CSV reader object's method joined by `batch_join`: it builds its defaults in a loop before the read, makes
its reader from a parameter's default, branches on a keyword argument, logs and asserts after it."""

import logging

import tensorflow.compat.v1 as tf


class CsvColumns(object):
    def __init__(self, columns=3):
        self.columns = columns

    def read_row(self, filename_queue, skip=1, scale=1.0):
        defaults = []
        for _ in range(self.columns):
            defaults.append([0.0])
        reader = tf.TextLineReader(skip_header_lines=skip)
        key, line = reader.read(filename_queue)
        row = tf.decode_csv(line, record_defaults=defaults)
        if scale != 1.0:
            row = [column * scale for column in row]
        logging.debug("a row of %d columns", len(row))
        assert len(row) == self.columns
        return tf.stack(row[:2]), tf.cast(row[2], tf.int32)


def inputs(files, batch_size, readers=2):
    table = CsvColumns()
    queue = tf.train.string_input_producer(files, num_epochs=1, shuffle=False)
    rows = [table.read_row(queue, scale=2.0) for i in range(readers)]
    return tf.train.batch_join(rows, batch_size, allow_smaller_final_batch=True)


def main(data_dir):
    pairs, labels = inputs(sorted(tf.gfile.Glob(data_dir + "/table-*.csv")), 9)
    out = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                p, l = sess.run([pairs, labels])
                out.append([p.tolist(), l.tolist()])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        coord.request_stop()
        coord.join(threads)
    return {"batches": out, "end": end}
