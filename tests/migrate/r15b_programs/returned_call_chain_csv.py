"""A reader helper that returns another function's result (`return decode_row(line, defaults)`), which returns
a third's (`return _pair(columns)`), unpacked by the caller (`a, label = read_row(queue)`), under a name scope."""

import glob
import os

import tensorflow.compat.v1 as tf


def _pair(columns):
    total = columns[0] + tf.cast(columns[2], tf.float32)
    return total, columns[2]


def decode_row(line, defaults):
    columns = tf.decode_csv(line, record_defaults=defaults)
    columns[0] = tf.cast(columns[0], tf.float32) * 0.5
    return _pair(columns)


def read_row(filename_queue, defaults=((0,), (0.0,), (0,))):
    with tf.name_scope('read_row'):
        reader = tf.TextLineReader(skip_header_lines=1)
        _, line = reader.read(filename_queue)
        return decode_row(line, [list(d) for d in defaults])


def main(data_dir):
    files = sorted(glob.glob(os.path.join(data_dir, 'table-*.csv')))
    queue = tf.train.string_input_producer(files, num_epochs=1, shuffle=False)
    a, label = read_row(queue)
    a_batch, label_batch = tf.train.batch([a, label], batch_size=11, allow_smaller_final_batch=True)
    batches, end = [], None
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                x, y = sess.run([a_batch, label_batch])
                batches.append([x.tolist(), y.tolist()])
        except tf.errors.OutOfRangeError:
            end = 'OutOfRangeError'
        finally:
            coord.request_stop()
            coord.join(threads)
    return {'batches': batches, 'end': end}
