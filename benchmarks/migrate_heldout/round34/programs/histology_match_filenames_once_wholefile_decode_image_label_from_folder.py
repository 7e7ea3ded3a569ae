"""Histology tiles: PNGs in class folders, matched once, label parsed from the key's folder name."""
import os
import struct
import zlib

import numpy as np
import tensorflow.compat.v1 as tf


def _png(path, pixels):
    h, w = pixels.shape
    raw = b"".join(b"\x00" + pixels[r].tobytes() for r in range(h))

    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    with open(path, "wb") as f:
        f.write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 0, 0, 0, 0))
                + chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b""))


def write_tiles(root):
    rng = np.random.RandomState(34)
    for label in (0, 1, 2):
        folder = os.path.join(root, "train_data", str(label))
        os.makedirs(folder, exist_ok=True)
        for i in range(2):
            _png(os.path.join(folder, "tile_%d.png" % i), rng.randint(0, 255, size=(3, 3)).astype(np.uint8))


def main(data_dir):
    root = os.path.join(data_dir, "h34_histology")
    write_tiles(root)
    matched = tf.train.match_filenames_once(root + "/train_data/*/*.png")  # a resource variable under TF 2
    filename_queue = tf.train.string_input_producer(tf.identity(matched), shuffle=False, num_epochs=1)
    image_reader = tf.WholeFileReader()
    key, image_file = image_reader.read(filename_queue)
    S = tf.string_split([key], "/")
    label = S.values[-2]
    label = tf.string_to_number(label, out_type=tf.int32)
    image = tf.image.decode_image(image_file, channels=1)
    image.set_shape([3, 3, 1])
    image = tf.cast(image, tf.float32) / 255.0
    images, labels = tf.train.batch([image, label], batch_size=2, num_threads=1)

    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        sess.run(tf.global_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                im, lb = sess.run([images, labels])
                batches.append([np.round(im, 4).tolist(), lb.tolist()])
        except tf.errors.OutOfRangeError:
            pass
        finally:
            coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": "tiles: %d batches" % len(batches)}
