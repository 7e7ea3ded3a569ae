"""Quill calligraphy strokes: a student character-recogniser's input code.

The file list ("path label" per line) is read in Python, turned into tensors, cut by a shuffled
slice_input_producer, decoded from PNG, one-hot encoded and shuffled into batches.
"""
import os
import struct
import zlib

import numpy as np
import tensorflow.compat.v1 as tf

NUM_CLASSES = 3
IMAGE_SIZE = 4


def _png(pixels):
    h, w = pixels.shape
    raw = b"".join(b"\x00" + pixels[r].astype(np.uint8).tobytes() for r in range(h))

    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 0, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b""))


def write_data(data_dir):
    root = os.path.join(data_dir, "h74_quill")
    os.makedirs(root, exist_ok=True)
    rng = np.random.RandomState(74)
    lines = []
    for i in range(8):
        path = os.path.join(root, "stroke_%02d.png" % i)
        with open(path, "wb") as f:
            f.write(_png(rng.randint(0, 256, size=(IMAGE_SIZE, IMAGE_SIZE))))
        lines.append("%s %d" % (path, i % NUM_CLASSES))
    with open(os.path.join(root, "train.txt"), "w") as f:
        f.write("\n".join(lines) + "\n")
    return os.path.join(root, "train.txt")


def pre_process(images):
    # the source had random flips / contrast here behind a flag; left off
    images = tf.reshape(images, [IMAGE_SIZE, IMAGE_SIZE, 1])
    return images


def input_pipeline(list_file, batch_size, num_epochs=1):
    with open(list_file) as f:
        file_labels = [line.strip().split(" ") for line in f if line.strip()]
    image_list = [file_label[0] for file_label in file_labels]
    label_list = [int(file_label[1]) for file_label in file_labels]
    print("tag2 {0}".format(len(image_list)))
    images_tensor = tf.convert_to_tensor(image_list, dtype=tf.string)
    labels_tensor = tf.convert_to_tensor(label_list, dtype=tf.int64)
    input_queue = tf.train.slice_input_producer([images_tensor, labels_tensor], num_epochs=num_epochs, seed=7)

    labels = input_queue[1]
    images_content = tf.read_file(input_queue[0])
    images = tf.image.convert_image_dtype(tf.image.decode_png(images_content, channels=1), tf.float32)
    images = pre_process(images)
    labels = tf.one_hot(labels, NUM_CLASSES)
    image_batch, label_batch = tf.train.shuffle_batch([images, labels], batch_size=batch_size, capacity=50,
                                                      min_after_dequeue=4, seed=11)
    return image_batch, label_batch


def main(data_dir):
    list_file = write_data(data_dir)
    image_batch, label_batch = input_pipeline(list_file, batch_size=4)
    batches = []
    with tf.Session() as sess:
        sess.run(tf.global_variables_initializer())
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                imgs, labs = sess.run([image_batch, label_batch])
                batches.append([np.round(imgs[:, :, :, 0], 4).tolist(), labs.tolist()])
        except tf.errors.OutOfRangeError:
            pass
        finally:
            coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": "strokes: %d" % sum(len(b[1]) for b in batches)}
