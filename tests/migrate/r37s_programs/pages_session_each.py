"""For each page of a sorted folder listing: a new producer, WholeFileReader, decode_png and Session, one eval."""
import os
import struct
import zlib

import numpy as np
import tensorflow as tf


def _png(path, pixels):
    h, w = pixels.shape
    raw = b"".join(b"\x00" + pixels[r].astype(np.uint8).tobytes() for r in range(h))

    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    with open(path, "wb") as f:
        f.write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 0, 0, 0, 0))
                + chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b""))


def main(data_dir):
    folder = os.path.join(data_dir, "r37s_pages")
    os.makedirs(folder, exist_ok=True)
    rng = np.random.RandomState(7)
    for i, (h, w) in enumerate([(3, 4), (5, 2), (2, 6)]):
        _png(os.path.join(folder, "page_%d.png" % i), rng.randint(0, 256, (h, w)))

    batches = []
    for name in sorted(os.listdir(folder)):
        filename_queue = tf.compat.v1.train.string_input_producer([os.path.join(folder, name)])
        reader = tf.compat.v1.WholeFileReader()
        key, value = reader.read(filename_queue)
        my_img = tf.image.decode_png(value)

        init_op = tf.compat.v1.initialize_all_variables()
        with tf.compat.v1.Session() as sess:
            sess.run(init_op)
            coord = tf.compat.v1.train.Coordinator()
            threads = tf.compat.v1.train.start_queue_runners(coord=coord)
            for i in range(2):  # the producer repeats its one file: the same page twice
                image = my_img.eval(session=sess)
                batches.append([[list(image.shape)], [int(image.sum())], [name]])
            coord.request_stop()
            coord.join(threads)
    return {"batches": batches, "end": "pages: %d" % len(batches)}
