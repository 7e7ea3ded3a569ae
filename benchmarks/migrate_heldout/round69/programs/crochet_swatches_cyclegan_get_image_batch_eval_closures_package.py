# Crochet <-> knit swatch translation (CycleGAN), after seam-team/cycle-gan-tf `dataset.py`:
# `get_image_batch(pattern, batch_size, image_size, crop_size, train)` defining `random_flip` / `crop` / `queue` /
# `batch` as inner functions in an if / else, `match_filenames_once` inside the producer, `WholeFileReader`,
# a CHW transpose and [-1, 1] scaling, a `(filename, image)` batch on NUM_THREADS threads. The test pass is the
# `train=False` branch (one epoch, no shuffle, `train.batch`).
import os
import struct
import zlib

import numpy as np
import tensorflow.compat.v1 as tf

from crochet69_gan.dataset import get_image_batch


def _png(pixels):
    h, w, _ = pixels.shape
    raw = b"".join(b"\x00" + pixels[r].tobytes() for r in range(h))

    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xffffffff)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b""))


def main(data_dir):
    test_a = os.path.join(data_dir, "h69_crochet", "testA")
    os.makedirs(test_a, exist_ok=True)
    rng = np.random.RandomState(69)
    for n in range(8):
        px = rng.randint(0, 256, size=(10, 10, 3)).astype(np.uint8)
        with open(os.path.join(test_a, "swatch_%02d.png" % n), "wb") as f:
            f.write(_png(px))

    files, images = get_image_batch(os.path.join(test_a, "*.png"), 2, train=False)

    batches = []
    with tf.Session() as sess:
        sess.run([tf.global_variables_initializer(), tf.local_variables_initializer()])
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                f, x = sess.run([files, images])
                batches.append([[os.path.basename(p.decode()) for p in f],
                                np.round(x.mean(axis=(1, 2, 3)), 4).tolist(),
                                np.round(x[:, :, 0, 0], 4).tolist()])
        except tf.errors.OutOfRangeError:
            pass
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": batches, "end": "swatches: %d" % sum(len(b[0]) for b in batches)}
