"""CSV rows after ``HEADER_LINES`` header lines, the reader made inline in the read."""
import os

import tensorflow.compat.v1 as tf

HEADER_LINES = 2
COLUMNS = 3


def write_rows(out_dir, name, count, start):
    path = os.path.join(out_dir, "rows_%s.csv" % name)
    with open(path, "w") as f:
        f.write("# made by r36k\nid,x,y\n")
        for i in range(start, start + count):
            f.write("%d,%d,%d\n" % (i, i * 3, i % 5))
    return path


def read_row(filename_queue):
    _, line = tf.TextLineReader(skip_header_lines=HEADER_LINES).read(filename_queue)
    fields = tf.decode_csv(line, record_defaults=[[0]] * COLUMNS)
    return fields[0], fields[1] + fields[2]
