"""Bonsai leaf thumbnails stored as PNGs in one folder per species; the file list and labels are built in
Python and sliced by slice_input_producer, decoded with read_file / decode_png, shuffled by two threads."""
import os
import struct
import zlib

import numpy as np
import tensorflow.compat.v1 as tf

IMAGE_SIZE = 4
BATCH_SIZE = 4
CLASSES = ["azalea", "juniper", "maple"]


def write_png(path, pixels):
    """Minimal 8-bit greyscale PNG writer (no PIL on the lab machine)."""
    height, width = pixels.shape
    raw = b"".join(b"\x00" + pixels[r].astype(np.uint8).tobytes() for r in range(height))

    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    with open(path, "wb") as f:
        f.write(b"\x89PNG\r\n\x1a\n")
        f.write(chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 0, 0, 0, 0)))
        f.write(chunk(b"IDAT", zlib.compress(raw)))
        f.write(chunk(b"IEND", b""))


def get_files(file_dir):
    images, labels = [], []
    for label, name in enumerate(CLASSES):
        for fname in sorted(os.listdir(os.path.join(file_dir, name))):
            images.append(os.path.join(file_dir, name, fname))
            labels.append(label)
    print("There are %d images" % len(images))
    return images, labels


def get_batch(image_list, label_list, batch_size):
    image = tf.cast(image_list, tf.string)
    label = tf.cast(label_list, tf.int32)
    input_queue = tf.train.slice_input_producer([image, label], num_epochs=1, shuffle=True, seed=53)
    label = input_queue[1]
    image_contents = tf.read_file(input_queue[0])
    image = tf.image.decode_png(image_contents, channels=1)
    image = tf.reshape(image, [IMAGE_SIZE, IMAGE_SIZE, 1])
    image_batch, label_batch = tf.train.shuffle_batch([image, label], batch_size=batch_size, num_threads=2,
                                                      capacity=16, min_after_dequeue=4, seed=53)
    return image_batch, label_batch


def main(data_dir):
    folder = os.path.join(data_dir, "h53_bonsai_species_png_class_folders_slice_input_producer_read_file_two_thread_shuffle_batch")
    rng = np.random.RandomState(5308)
    for c, name in enumerate(CLASSES):
        os.makedirs(os.path.join(folder, name), exist_ok=True)
        for i in range(4):
            pixels = rng.randint(0, 200, size=(IMAGE_SIZE, IMAGE_SIZE)) + c * 20
            write_png(os.path.join(folder, name, "%s_%02d.png" % (name, i)), pixels)

    train, train_label = get_files(folder)
    image_batch, label_batch = get_batch(train, train_label, BATCH_SIZE)

    batches = []
    with tf.Session() as sess:
        sess.run([tf.global_variables_initializer(), tf.local_variables_initializer()])
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(coord=coord)
        i = 0
        try:
            while not coord.should_stop() and i < 10:
                img, label = sess.run([image_batch, label_batch])
                batches.append([img.tolist(), label.tolist()])
                i += 1
        except tf.errors.OutOfRangeError:
            print("done!")
        finally:
            coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": "leaves: %d" % (BATCH_SIZE * len(batches))}
