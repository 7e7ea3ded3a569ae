"""A static method called through its class's name from a module function (`CsvStages.read_row(queue, ...)`),
`from tensorflow.compat.v1 import train` import style; the name `row` is reused in another function."""

import glob
import os

import tensorflow.compat.v1 as tf
from tensorflow.compat.v1 import train

DEFAULTS = [[0], [0.0], [0]]


class CsvStages:
    """Stages of the table reader."""

    @staticmethod
    def read_row(queue, defaults, skip=1):
        reader = tf.TextLineReader(skip_header_lines=skip)
        _, line = reader.read(queue)
        row = tf.decode_csv(line, record_defaults=defaults)
        return row[0], row[1] * 2.0 + tf.cast(row[2], tf.float32)


def describe(row):
    return ', '.join(str(v) for v in row)


def table_batches(files, batch_size):
    queue = train.string_input_producer(files, num_epochs=1, shuffle=False)
    key, value = CsvStages.read_row(queue, DEFAULTS)
    return train.batch([key, value], batch_size=batch_size, allow_smaller_final_batch=True)


def main(data_dir):
    files = sorted(glob.glob(os.path.join(data_dir, 'table-*.csv')))
    keys, values = table_batches(files, 9)
    batches, end = [], None
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                k, v = sess.run([keys, values])
                batches.append([k.tolist(), v.tolist()])
        except tf.errors.OutOfRangeError:
            end = 'OutOfRangeError'
        finally:
            coord.request_stop()
            coord.join(threads)
    describe([len(batches)])
    return {'batches': batches, 'end': end}
