"""A source helper: makes the filename queue and the reader, returns the line."""
import tensorflow.compat.v1 as tf

DEFAULTS = [[""], [0], [0.0]]


def lines_of(paths, num_epochs):
    queue = tf.train.string_input_producer(paths, num_epochs=num_epochs, shuffle=False)
    reader = tf.TextLineReader(skip_header_lines=1)
    _, line = reader.read(queue)
    return line


def parse_row(line):
    name, count, weight = tf.decode_csv(line, DEFAULTS)
    return {"name": name, "count": count, "weight": weight}
