"""Writes the data files the legacy programs read: TFRecords, CSV, fixed-length records and PNGs."""

from __future__ import annotations

import os
import struct
import sys
import zlib

TFRECORD_FILES, TFRECORD_RECORDS = 4, 45
CSV_FILES, CSV_LINES = 3, 50
FIXED_FILES, FIXED_RECORDS = 3, 12
PNG_FILES = 6


def _png(pixels: list[list[int]]) -> bytes:
    """A grey-scale 8-bit PNG, written by hand (zlib), so no imaging library is needed."""
    raw = b"".join(b"\x00" + bytes(row) for row in pixels)

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    header = struct.pack(">IIBBBBB", len(pixels[0]), len(pixels), 8, 0, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b"")


def make_data(data_dir: str, tfrecord_records: int = TFRECORD_RECORDS, csv_lines: int = CSV_LINES) -> None:
    import tensorflow as tf

    os.makedirs(data_dir, exist_ok=True)
    i = 0
    for f in range(TFRECORD_FILES):
        with tf.io.TFRecordWriter(os.path.join(data_dir, f"records-{f}.tfrecord")) as writer:
            for _ in range(tfrecord_records):
                example = tf.train.Example(features=tf.train.Features(feature={
                    "x": tf.train.Feature(float_list=tf.train.FloatList(value=[i, i + 0.5, i + 0.25])),
                    "label": tf.train.Feature(int64_list=tf.train.Int64List(value=[i])),
                }))
                writer.write(example.SerializeToString())
                i += 1
    i = 0
    for f in range(CSV_FILES):
        with open(os.path.join(data_dir, f"table-{f}.csv"), "w") as out:
            out.write("a,b,label\n")
            for _ in range(csv_lines):
                out.write(f"{i},{i * 2.5},{i % 5}\n")
                i += 1
    i = 0
    for f in range(FIXED_FILES):
        with open(os.path.join(data_dir, f"fixed-{f}.bin"), "wb") as out:
            out.write(b"HDR!")
            for _ in range(FIXED_RECORDS):
                out.write(struct.pack("<ii", i, 3 * i))
                i += 1
    for f in range(PNG_FILES):
        with open(os.path.join(data_dir, f"image-{f}.png"), "wb") as out:
            out.write(_png([[(f * 16 + r * 4 + c) % 256 for c in range(4)] for r in range(4)]))


if __name__ == "__main__":
    make_data(sys.argv[1])
