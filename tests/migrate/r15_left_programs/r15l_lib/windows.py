"""Sliding windows cut by the reader: a footer after the values, a hop shorter than the record."""

import os
import struct

import tensorflow as tf

RECORD = 12  # three int32 values
HOP = 4
HEADER = 2
FOOTER = 3


def write_streams(data_dir):
    out = os.path.join(data_dir, "r15l_windows")
    os.makedirs(out, exist_ok=True)
    paths = []
    # lengths: too short for any record, exact, a partial value at the end, longer
    for k, values in enumerate([2, 3, 7, 10]):
        path = os.path.join(out, "stream-%d.bin" % k)
        with open(path, "wb") as f:
            f.write(b"H" * HEADER)
            f.write(b"".join(struct.pack("<i", 100 * k + v) for v in range(values)))
            f.write(b"xy"[: k % 3])  # 0-2 stray bytes
            f.write(b"F" * FOOTER)
        paths.append(path)
    return paths


def read_window(filename_queue):
    reader = tf.compat.v1.FixedLengthRecordReader(record_bytes=RECORD, header_bytes=HEADER, footer_bytes=FOOTER,
                                                  hop_bytes=HOP)
    _, value = reader.read(filename_queue)
    window = tf.io.decode_raw(value, tf.int32)
    window.set_shape([3])
    return window[:2], window[2]
