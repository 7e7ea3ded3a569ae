"""Crop-field segmentation for a U-Net: PNG image + PNG mask records (package `unet_lib`), resized with
bilinear / nearest-neighbour, one-hot masks, `shuffle_batch(num_threads=2)` over 2 epochs; settings in a
nested dict `CONFIG`; the module imported as `from unet_lib import data as unet_data`."""

import os
import struct
import zlib

import tensorflow.compat.v1 as tf

from unet_lib import data as unet_data

CONFIG = {
    "data": {"image_size": 4, "num_classes": 3, "min_after_dequeue": 6, "source_size": 8},
    "train": {"batch_size": 4, "num_epochs": 2},
}


def _png(rows, color):
    raw = b"".join(b"\x00" + bytes(r) for r in rows)

    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    channels = 3 if color else 1
    header = struct.pack(">IIBBBBB", len(rows[0]) // channels, len(rows), 8, 2 if color else 0, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b"")


def _bytes_feature(value):
    return tf.train.Feature(bytes_list=tf.train.BytesList(value=[value]))


def _int64_feature(value):
    return tf.train.Feature(int64_list=tf.train.Int64List(value=[value]))


def convert_to_tfrecords(directory):
    os.makedirs(directory, exist_ok=True)
    size = CONFIG["data"]["source_size"]
    n = 0
    for part in ("north", "south"):
        with tf.python_io.TFRecordWriter(os.path.join(directory, part + ".tfrecords")) as writer:
            for _ in range(5):
                image = [[(n * 17 + r * 9 + c * 4) % 256 for c in range(size * 3)] for r in range(size)]
                mask = [[((r // 2) + (c // 3) + n) % CONFIG["data"]["num_classes"] for c in range(size)]
                        for r in range(size)]
                example = tf.train.Example(features=tf.train.Features(feature={
                    "height": _int64_feature(size),
                    "width": _int64_feature(size),
                    "image_raw": _bytes_feature(_png(image, True)),
                    "mask_raw": _bytes_feature(_png(mask, False)),
                    "name": _bytes_feature(("%s_%02d" % (part, n)).encode()),
                }))
                writer.write(example.SerializeToString())
                n += 1


def main(data_dir):
    records = os.path.join(data_dir, "h21_fields")
    convert_to_tfrecords(records)
    images, masks, onehots, names = unet_data.inputs(records, CONFIG["train"]["batch_size"],
                                                     CONFIG["train"]["num_epochs"], CONFIG["data"])
    class_pixels = tf.reduce_sum(onehots, axis=[1, 2])
    image_means = tf.reduce_mean(images, axis=[1, 2, 3])

    init_op = tf.group(tf.global_variables_initializer(), tf.local_variables_initializer())
    batches = []
    with tf.Session() as sess:
        sess.run(init_op)
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            step = 0
            while not coord.should_stop():
                n, m, cp, im = sess.run([names, masks, class_pixels, image_means])
                batches.append([[x.decode() for x in n], m.reshape(len(n), -1).tolist(), cp.tolist(),
                                [round(float(v), 4) for v in im]])
                step += 1
        except tf.errors.OutOfRangeError:
            print("Done training for %d epochs, %d steps." % (CONFIG["train"]["num_epochs"], step))
        finally:
            coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": step}
