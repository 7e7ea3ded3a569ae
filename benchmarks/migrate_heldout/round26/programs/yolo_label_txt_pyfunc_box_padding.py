"""YOLO-style detection input: images listed with their darknet label files (`cls cx cy w h` per line); the label
file is parsed by a py_func, boxes padded per batch (dynamic_pad) with the number of boxes kept beside them."""
import os
import struct
import zlib

import numpy as np
import tensorflow as tf

tf1 = tf.compat.v1


class YoloConfig(object):
    image_size = 4
    batch_size = 2
    num_classes = 3


def _png(pixels):
    raw = b"".join(b"\x00" + bytes(row) for row in pixels)

    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    header = struct.pack(">IIBBBBB", len(pixels[0]), len(pixels), 8, 0, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b"")


def write_voc_like(root, cfg):
    os.makedirs(os.path.join(root, "images"), exist_ok=True)
    os.makedirs(os.path.join(root, "labels"), exist_ok=True)
    listing = []
    for i in range(6):
        img_path = os.path.join(root, "images", "%06d.png" % i)
        with open(img_path, "wb") as f:
            f.write(_png([[(i * 40 + r * 8 + c) % 256 for c in range(cfg.image_size)]
                          for r in range(cfg.image_size)]))
        with open(os.path.join(root, "labels", "%06d.txt" % i), "w") as f:
            for b in range(1 + i % 3):
                f.write("%d %.3f %.3f %.3f %.3f\n" % ((i + b) % cfg.num_classes, 0.1 * (b + 1), 0.2 + 0.05 * i,
                                                      0.25, 0.125 * (b + 1)))
        listing.append(img_path)
    with open(os.path.join(root, "train.txt"), "w") as f:
        f.write("\n".join(listing) + "\n")
    return os.path.join(root, "train.txt")


def parse_label_file(image_path):
    label_path = image_path.decode().replace("images", "labels").replace(".png", ".txt")
    boxes = np.loadtxt(label_path, dtype=np.float32, ndmin=2)
    return boxes, np.int32(boxes.shape[0])


def get_inputs(list_file, cfg):
    with open(list_file) as f:
        image_paths = [line.strip() for line in f if line.strip()]
    image_path = tf1.train.slice_input_producer([tf.constant(image_paths)], num_epochs=1, shuffle=False)[0]
    image = tf.image.decode_png(tf1.read_file(image_path), channels=1)
    image = tf.cast(image, tf.float32) / 255.0
    image.set_shape([cfg.image_size, cfg.image_size, 1])
    boxes, num_boxes = tf1.py_func(parse_label_file, [image_path], [tf.float32, tf.int32])
    boxes.set_shape([None, 5])
    num_boxes.set_shape([])
    return tf1.train.batch([image, boxes, num_boxes], batch_size=cfg.batch_size, dynamic_pad=True,
                           num_threads=1, capacity=8)


def main(data_dir):
    cfg = YoloConfig()
    list_file = write_voc_like(os.path.join(data_dir, "h26_yolo_label_txt_pyfunc_box_padding"), cfg)
    images, boxes, num_boxes = get_inputs(list_file, cfg)
    mean = tf.reduce_mean(images, axis=[1, 2, 3])
    batches = []
    with tf1.Session() as sess:
        sess.run(tf1.local_variables_initializer())
        coord = tf1.train.Coordinator()
        threads = tf1.train.start_queue_runners(sess=sess, coord=coord)
        try:
            for step in range(100):
                m, b, n = sess.run([mean, boxes, num_boxes])
                batches.append([[round(float(x), 4) for x in m], np.round(b.astype(np.float64), 3).tolist(), n.tolist()])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError at step %d" % step
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": end}
