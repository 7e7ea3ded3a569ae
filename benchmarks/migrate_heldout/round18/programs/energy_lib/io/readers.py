"""Readers for meter exports: one CSV line per reading."""
import tensorflow.compat.v1 as tf

METER_DEFAULTS = [[""], [""], [0.0], [0.0]]


def meter_lines(paths, num_epochs):
    queue = tf.train.string_input_producer(paths, num_epochs=num_epochs, shuffle=False, name="meter_files")
    reader = tf.TextLineReader(skip_header_lines=1, name="meter_reader")
    _, line = reader.read(queue)
    return line


def parse_reading(line):
    meter, timestamp, kwh, voltage = tf.decode_csv(line, METER_DEFAULTS)
    return {"meter": meter, "timestamp": timestamp, "kwh": kwh, "voltage": voltage}
