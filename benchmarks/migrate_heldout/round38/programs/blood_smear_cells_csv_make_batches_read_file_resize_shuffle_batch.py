# -*- coding: utf-8 -*-
"""
Utility functions (malaria blood-smear cells).

make_batches() reads a CSV of image paths and parasitized / uninfected labels and builds shuffled
batches of resized cell images.
"""
import csv
import os
import struct
import zlib

import numpy as np
import tensorflow as tf

tf1 = tf.compat.v1


def _png_rgb(rgb):
    h, w, _ = rgb.shape
    raw = b''.join(b'\x00' + rgb[r].tobytes() for r in range(h))

    def chunk(tag, data):
        return struct.pack('>I', len(data)) + tag + data + struct.pack('>I', zlib.crc32(tag + data) & 0xffffffff)
    return (b'\x89PNG\r\n\x1a\n' + chunk(b'IHDR', struct.pack('>IIBBBBB', w, h, 8, 2, 0, 0, 0))
            + chunk(b'IDAT', zlib.compress(raw)) + chunk(b'IEND', b''))


def make_batches(path_to_csv, n_epochs, height, width, batch_size, shuffle = True, training = True):

    """Make shuffled batches of images and their corresponding labels.

    Parameters
    ----------
    path_to_csv : string
        The path of csv file to be read.
    n_epochs : int
        The number of iterations for which the complete dataset is to be iterated.
    height: int
        Height of an image
    width: int
        Width of an image
    batch_size: int
        Number of cells per batch
    """
    image_paths = []
    labels = []
    with open(path_to_csv, 'r') as f:
        reader = csv.reader(f)
        next(reader)  # header
        for row in reader:
            image_paths.append(os.path.join(os.path.dirname(path_to_csv), row[0]))
            labels.append(1 if row[1] == 'parasitized' else 0)

    images = tf.convert_to_tensor(image_paths, dtype=tf.string)
    labels = tf.convert_to_tensor(labels, dtype=tf.int32)
    input_queue = tf1.train.slice_input_producer([images, labels], num_epochs=n_epochs, shuffle=shuffle)

    file_content = tf1.read_file(input_queue[0])
    image = tf.image.decode_png(file_content, channels=3)
    image = tf1.image.resize_images(image, [height, width])
    if training:
        image = image / 255.0
    label = input_queue[1]

    min_after_dequeue = 4
    capacity = min_after_dequeue + 3 * batch_size
    if shuffle:
        image_batch, label_batch = tf1.train.shuffle_batch([image, label], batch_size=batch_size,
                                                           capacity=capacity, min_after_dequeue=min_after_dequeue)
    else:
        image_batch, label_batch = tf1.train.batch([image, label], batch_size=batch_size, capacity=capacity)
    return image_batch, label_batch


def main(data_dir):
    out = os.path.join(data_dir, 'h38_blood_smear')
    os.makedirs(out, exist_ok=True)
    rng = np.random.RandomState(38)
    with open(os.path.join(out, 'cells.csv'), 'w') as f:
        f.write('image,class\n')
        for i in range(12):
            side = 3 + i % 3
            name = 'C%02d_cell.png' % i
            with open(os.path.join(out, name), 'wb') as g:
                g.write(_png_rgb(rng.randint(0, 256, size=(side, side, 3)).astype(np.uint8)))
            f.write('%s,%s\n' % (name, 'parasitized' if i % 2 else 'uninfected'))

    image_batch, label_batch = make_batches(os.path.join(out, 'cells.csv'), 1, 4, 4, 4)
    batches = []
    sess = tf1.Session()
    sess.run(tf1.local_variables_initializer())
    coord = tf1.train.Coordinator()
    threads = tf1.train.start_queue_runners(sess=sess, coord=coord)
    try:
        while not coord.should_stop():
            images, labels = sess.run([image_batch, label_batch])
            batches.append([np.round(images.astype(np.float64), 4).tolist(), labels.tolist()])
    except tf.errors.OutOfRangeError:
        print('epoch done')
    finally:
        coord.request_stop()
        coord.join(threads)
        sess.close()
    return {"batches": batches, "end": "cells: %d" % sum(len(b[1]) for b in batches)}
