"""A batch helper batching a wrapper whose second read is under `if` (decided only when it runs)."""
import tensorflow.compat.v1 as tf

from k1b_lib import data


def _records(paths, epochs=None):
    name_queue = tf.train.string_input_producer(paths, num_epochs=epochs, shuffle=False)
    _, record = tf.TextLineReader().read(name_queue)
    return record


def merged(paths, more_paths):
    record = _records(paths, 1)
    if more_paths is not None:
        more = _records(more_paths, 1)
        record = tf.strings.join([record, more], "#")
    return record


def batched_merged(paths, more_paths):
    record = merged(paths, more_paths)
    return tf.train.batch([record], 2)


def main(data_dir):
    a = data.write_lines(data_dir, "cls_a.txt", "c")
    b = data.write_lines(data_dir, "cls_b.txt", "d")
    return data.drain(tf, batched_merged([a], [b]))
