"""Galaxy-zoo style thumbnails: grey PNGs written by hand, a label list, and the decoding of one file."""
import os
import struct
import zlib

import numpy as np
import tensorflow.compat.v1 as tf

CLASSES = ["elliptical", "spiral", "merger"]
SIZE = 4


def _png(pixels):
    h, w = pixels.shape
    raw = b"".join(b"\x00" + pixels[r].astype(np.uint8).tobytes() for r in range(h))

    def chunk(tag, data):
        return struct.pack(">I", len(data)) + tag + data + struct.pack(">I", zlib.crc32(tag + data) & 0xFFFFFFFF)

    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 0, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b""))


def write_galaxies(out_dir, n):
    rs = np.random.RandomState(36)
    files, labels = [], []
    for i in range(n):
        label = i % len(CLASSES)
        path = os.path.join(out_dir, "%s_%03d.png" % (CLASSES[label], i))
        with open(path, "wb") as f:
            f.write(_png(rs.randint(0, 256, (SIZE, SIZE))))
        files.append(path)
        labels.append(label)
    return files, labels


def decode_galaxy(path):
    image = tf.image.decode_png(tf.read_file(path), channels=1)
    image = tf.image.convert_image_dtype(image, tf.float32)
    image.set_shape([SIZE, SIZE, 1])
    return tf.image.flip_left_right(image)
