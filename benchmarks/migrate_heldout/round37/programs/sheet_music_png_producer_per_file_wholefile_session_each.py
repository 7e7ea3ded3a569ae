"""Sheet-music page thumbnails: for each file in the folder a new producer, WholeFileReader and Session."""
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
    dir = os.path.join(data_dir, "h37_classical_sheet_music")
    os.makedirs(dir, exist_ok=True)
    rng = np.random.RandomState(37)
    for i, (h, w) in enumerate([(4, 5), (6, 3), (5, 5), (3, 7)]):
        _png(os.path.join(dir, "page_%d.png" % i), rng.randint(0, 256, (h, w)))

    batches = []
    for filename in sorted(os.listdir(dir)):
        filename_queue = tf.compat.v1.train.string_input_producer([os.path.join(dir, filename)])  # list of files to read
        reader = tf.compat.v1.WholeFileReader()
        key, value = reader.read(filename_queue)
        my_img = tf.image.decode_png(value)  # use png or jpg decoder based on your files.

        init_op = tf.compat.v1.global_variables_initializer()
        with tf.compat.v1.Session() as sess:
            sess.run(init_op)
            coord = tf.compat.v1.train.Coordinator()
            threads = tf.compat.v1.train.start_queue_runners(coord=coord)
            for i in range(1):  # length of your filename list
                image = my_img.eval(session=sess)
            coord.request_stop()
            coord.join(threads)
        batches.append([[list(image.shape)], [int(image.sum())], [filename]])
    return {"batches": batches, "end": "pages: %d" % len(batches)}
