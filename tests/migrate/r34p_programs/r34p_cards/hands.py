"""Card rows (suit, rank, weight) in CSV parts with a header line; the reader class holds its file queue."""
import os

import tensorflow.compat.v1 as tf


def write_parts(root, parts=3, rows=4):
    os.makedirs(root, exist_ok=True)
    paths = []
    for part in range(parts):
        path = os.path.join(root, "cards-%d.csv" % part)
        with open(path, "w") as f:
            f.write("suit,rank,weight\n")
            for row in range(rows):
                f.write("%d,%d,%s\n" % (part + 1, part * rows + row, 0.5 * row))
        paths.append(path)
    return paths


class CardReader(object):
    """One reader over the queue handed to the constructor."""

    def __init__(self, filename_queue, skip=1, scale=1.0):
        self.filename_queue = filename_queue
        self.skip = skip
        self.scale = scale * 2.0

    def read_card(self):
        reader = tf.TextLineReader(skip_header_lines=self.skip)
        _, line = reader.read(self.filename_queue)
        suit, rank, weight = tf.decode_csv(line, record_defaults=[[0], [0], [0.0]])
        return [suit * 100 + rank, weight * self.scale]
