"""Two CSV files read in step by one reader helper called twice in the same function (a source file and its
target file, as a translation reader pairs them); `from tensorflow.compat.v1 import train`; `maybe_batch` keeps
the pairs whose sum is even, padded to the longest; one epoch."""

import os

import tensorflow.compat.v1 as tf
from tensorflow.compat.v1 import train


def _column(path, column, epochs=1):
    """Reads one CSV column of `path` record by record."""
    queue = train.string_input_producer([path], num_epochs=epochs, shuffle=False)
    _, line = tf.TextLineReader(skip_header_lines=1).read(queue)
    fields = tf.decode_csv(line, record_defaults=[[0], [0.0], [0]])
    return fields[column]


def pairs(data_dir, size):
    source = _column(os.path.join(data_dir, "table-0.csv"), 0)
    target = _column(os.path.join(data_dir, "table-1.csv"), column=2)
    length = tf.math.floormod(source, 4) + 1
    tokens = tf.fill([length], source)
    keep = tf.equal(tf.math.floormod(source + target, 2), 0)
    return train.maybe_batch([tokens, target], keep_input=keep, batch_size=size, num_threads=1,
                             dynamic_pad=True, allow_smaller_final_batch=True)


def main(data_dir):
    tokens, target = pairs(data_dir, 5)
    out, end = [], None
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                t, g = sess.run([tokens, target])
                out.append([t.tolist(), g.tolist()])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": out, "end": end}
