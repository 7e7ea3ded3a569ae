"""Handwritten-character classifier input: an image list file, converted to tensors, sliced, PNGs decoded."""
import os
import struct
import zlib

import tensorflow.compat.v1 as tf
from tensorflow.python.framework import dtypes
from tensorflow.python.framework import ops

CHARSET_SIZE = 5
IMAGE_SIZE = 4
BATCH_SIZE = 4


def _write_png(path, pixels):
    raw = b"".join(b"\x00" + bytes(row) for row in pixels)

    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    header = struct.pack(">IIBBBBB", len(pixels[0]), len(pixels), 8, 0, 0, 0, 0)
    with open(path, "wb") as f:
        f.write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b""))


def prepare(root):
    os.makedirs(os.path.join(root, "train"), exist_ok=True)
    lines = []
    for i in range(12):
        path = os.path.join(root, "train", "%05d.png" % i)
        _write_png(path, [[(i * 20 + r * 4 + c) % 256 for c in range(IMAGE_SIZE)] for r in range(IMAGE_SIZE)])
        lines.append("%s %d" % (path, i % CHARSET_SIZE))
    with open(os.path.join(root, "train.txt"), "w") as f:
        f.write("\n".join(lines) + "\n")
    return os.path.join(root, "train.txt")


def read_labeled_image_list(image_list_file):
    filenames, labels = [], []
    with open(image_list_file) as f:
        for line in f:
            filename, label = line[:-1].split(" ")
            filenames.append(filename)
            labels.append(int(label))
    return filenames, labels


def pre_process(images):
    return tf.clip_by_value(images, 0.0, 1.0)


def input_pipeline(list_file, batch_size, num_epochs=1):
    image_list, label_list = read_labeled_image_list(list_file)
    images_tensor = ops.convert_to_tensor(image_list, dtype=dtypes.string)
    labels_tensor = ops.convert_to_tensor(label_list, dtype=dtypes.int64)
    input_queue = tf.train.slice_input_producer([images_tensor, labels_tensor], num_epochs=num_epochs,
                                                shuffle=True, seed=5)
    labels = input_queue[1]
    images_content = tf.read_file(input_queue[0])
    images = tf.image.convert_image_dtype(tf.image.decode_png(images_content, channels=1), tf.float32)
    images = pre_process(images)
    images.set_shape([IMAGE_SIZE, IMAGE_SIZE, 1])
    labels = tf.one_hot(labels, CHARSET_SIZE)
    return tf.train.shuffle_batch([images, labels], batch_size=batch_size, capacity=40, min_after_dequeue=8,
                                  num_threads=2)


def main(data_dir):
    list_file = prepare(os.path.join(data_dir, "h26_handwriting_png_list_convert_to_tensor_onehot"))
    image_batch, label_batch = input_pipeline(list_file, BATCH_SIZE)
    flat = tf.reduce_sum(tf.reshape(image_batch, [-1, IMAGE_SIZE * IMAGE_SIZE]), axis=1)
    batches = []
    with tf.Session() as sess:
        sess.run([tf.global_variables_initializer(), tf.local_variables_initializer()])
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        end = "running"
        try:
            while not coord.should_stop():
                sums, labels = sess.run([flat, label_batch])
                batches.append([[round(float(s), 4) for s in sums], labels.argmax(axis=1).tolist()])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        finally:
            coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": end}
