"""Cats vs dogs, the much-copied tutorial's input: `get_files(file_dir)` lists one folder, labels from the name's
prefix, `np.hstack` + a transposed `np.array` shuffled by `np.random.shuffle`, labels back through `int(...)`;
`get_batch` casts the Python lists with `tf.cast(image, tf.string)`, `slice_input_producer([image, label])`
(shuffled), `read_file`, `decode_png(channels=3)`, `resize_image_with_crop_or_pad`, `per_image_standardization`,
`train.batch(num_threads=16)`, `tf.reshape` of the label batch; the tutorial's test loop with a step counter."""

import os
import struct
import zlib

import tensorflow.compat.v1 as tf

from catsdogs_lib import input_data

BATCH_SIZE = 4
CAPACITY = 256
IMG_W = 3
IMG_H = 3


def _png(rows):
    raw = b"".join(b"\x00" + bytes(r) for r in rows)

    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    head = struct.pack(">IIBBBBB", len(rows[0]), len(rows), 8, 0, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", head) + chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b"")


def write_folder(train_dir):
    if not os.path.isdir(train_dir):
        os.makedirs(train_dir)
    for n in range(12):
        kind = 'cat' if n % 2 == 0 else 'dog'
        pixels = [[((n + 3) * (r * 4 + c) ** 2) % 256 for c in range(4)] for r in range(4)]
        with open(os.path.join(train_dir, '%s.%d.png' % (kind, n // 2)), 'wb') as f:
            f.write(_png(pixels))


def main(data_dir):
    train_dir = os.path.join(data_dir, 'h22_catsdogs_get_files_hstack_shuffle', 'train') + '/'
    write_folder(train_dir)

    image_list, label_list = input_data.get_files(train_dir)
    image_batch, label_batch = input_data.get_batch(image_list, label_list, IMG_W, IMG_H, BATCH_SIZE, CAPACITY,
                                                    num_epochs=1)

    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        i = 0
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(coord=coord)
        try:
            while not coord.should_stop() and i < 10:
                img, label = sess.run([image_batch, label_batch])
                batches.append([[[round(v, 4) for v in row.flatten().tolist()] for row in img], label.tolist()])
                i += 1
        except tf.errors.OutOfRangeError:
            print('done!')
        finally:
            coord.request_stop()
        coord.join(threads)
    return {'batches': batches, 'end': i}
