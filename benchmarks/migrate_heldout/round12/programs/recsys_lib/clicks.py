"""Click-log parsing: one CSV line (user, dwell score, clicked) into a dict of features."""

import tensorflow.compat.v1 as tf

CSV_COLUMNS = ["user_id", "dwell", "clicked"]
CSV_DEFAULTS = [[0], [0.0], [0]]


def parse_click_line(line):
    columns = tf.decode_csv(line, record_defaults=CSV_DEFAULTS)
    features = dict(zip(CSV_COLUMNS, columns))
    features["user_bucket"] = features["user_id"] % 10
    return features


def read_clicks(filename_queue):
    reader = tf.TextLineReader(skip_header_lines=1)
    _, line = reader.read(filename_queue)
    return parse_click_line(line)
