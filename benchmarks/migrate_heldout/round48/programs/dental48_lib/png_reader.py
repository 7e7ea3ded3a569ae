import os
import struct
import zlib

import tensorflow as tf

tf = tf.compat.v1

IMAGE_SIZE = 4


def write_gray_png(path, rows):
    """Writes an 8-bit grayscale PNG without any imaging library."""
    height, width = len(rows), len(rows[0])
    raw = b"".join(b"\x00" + bytes(r) for r in rows)

    def chunk(tag, data):
        body = tag + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body) & 0xffffffff)

    png = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 0, 0, 0, 0))
    png += chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b"")
    with open(path, "wb") as f:
        f.write(png)


def read_xray(filenames, num_epochs=1):
    """One decoded radiograph and its caries label; the label is the second part of the file name."""
    filename_queue = tf.train.string_input_producer(filenames, num_epochs=num_epochs, shuffle=False)
    reader = tf.WholeFileReader()
    key, value = reader.read(filename_queue)
    image = tf.image.decode_png(value, channels=1)
    image.set_shape([IMAGE_SIZE, IMAGE_SIZE, 1])
    image = tf.cast(image, tf.float32) * (1. / 255)
    base = tf.strings.split([key], os.sep).values[-1]
    finding = tf.strings.split([base], "_").values[1]
    label = tf.cast(tf.equal(finding, "caries"), tf.int32)
    return image, label
