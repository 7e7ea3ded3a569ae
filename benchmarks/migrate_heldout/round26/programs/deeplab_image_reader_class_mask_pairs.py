"""Segmentation training input: an ImageReader of a package reading RGB images and their masks (PNG)."""
import os
import struct
import zlib

import tensorflow.compat.v1 as tf

from seg26_lib import ImageReader
from seg26_lib.preprocess import IMG_MEAN

NUM_CLASSES = 4
BATCH_SIZE = 3


def _png(pixels, colour):
    raw = b"".join(b"\x00" + bytes(row) for row in pixels)

    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    width = len(pixels[0]) // (3 if colour else 1)
    header = struct.pack(">IIBBBBB", width, len(pixels), 8, 2 if colour else 0, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b"")


def write_dataset(root):
    os.makedirs(os.path.join(root, "JPEGImages"), exist_ok=True)
    os.makedirs(os.path.join(root, "SegmentationClassAug"), exist_ok=True)
    lines = []
    for i in range(9):
        img = [[(i * 7 + r * 9 + c) % 256 for c in range(9)] for r in range(3)]
        mask = [[(i + r + c) % 6 for c in range(3)] for r in range(3)]
        with open(os.path.join(root, "JPEGImages", "img_%d.png" % i), "wb") as f:
            f.write(_png(img, True))
        with open(os.path.join(root, "SegmentationClassAug", "img_%d.png" % i), "wb") as f:
            f.write(_png(mask, False))
        lines.append("/JPEGImages/img_%d.png /SegmentationClassAug/img_%d.png" % (i, i))
    with open(os.path.join(root, "train.txt"), "w") as f:
        f.write("\n".join(lines) + "\n")


def main(data_dir):
    root = os.path.join(data_dir, "h26_deeplab_image_reader_class_mask_pairs")
    write_dataset(root)
    coord = tf.train.Coordinator()
    with tf.name_scope("create_inputs"):
        reader = ImageReader(root, os.path.join(root, "train.txt"), NUM_CLASSES, IMG_MEAN, coord)
        image_batch, label_batch = reader.dequeue(BATCH_SIZE)
    mean_pixel = tf.reduce_mean(image_batch, axis=[1, 2])
    ignored = tf.reduce_sum(tf.cast(tf.equal(label_batch, 255), tf.int32), axis=[1, 2, 3])
    config = tf.ConfigProto()
    config.gpu_options.allow_growth = True
    sess = tf.Session(config=config)
    sess.run([tf.global_variables_initializer(), tf.local_variables_initializer()])
    threads = tf.train.start_queue_runners(coord=coord, sess=sess)
    batches, end = [], "steps"
    for step in range(20):
        try:
            means, ign, labels = sess.run([mean_pixel, ignored, label_batch])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
            break
        batches.append([[[round(float(v), 3) for v in m] for m in means], ign.tolist(),
                        labels[:, 0, 0, 0].tolist()])
    coord.request_stop()
    coord.join(threads)
    sess.close()
    return {"batches": batches, "end": end}
