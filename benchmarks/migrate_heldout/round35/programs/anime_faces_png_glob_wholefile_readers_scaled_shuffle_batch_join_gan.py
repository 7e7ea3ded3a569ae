"""GAN loader for anime face thumbnails: a glob of PNGs, one `WholeFileReader` per read thread, pixels scaled
to [-1, 1], `shuffle_batch_join`."""
import glob
import os
import struct
import zlib

import numpy as np
import tensorflow.compat.v1 as tf

flags_batch_size = 4
flags_image_size = 3
num_preprocess_threads = 2


def save_png(path, arr):
    h, w, _ = arr.shape
    raw = b''.join(b'\x00' + arr[r].tobytes() for r in range(h))

    def chunk(kind, body):
        return struct.pack('>I', len(body)) + kind + body + struct.pack('>I', zlib.crc32(kind + body) & 0xffffffff)

    with open(path, 'wb') as f:
        f.write(b'\x89PNG\r\n\x1a\n' + chunk(b'IHDR', struct.pack('>IIBBBBB', w, h, 8, 2, 0, 0, 0))
                + chunk(b'IDAT', zlib.compress(raw)) + chunk(b'IEND', b''))


def read_face(filename_queue):
    reader = tf.WholeFileReader()
    key, value = reader.read(filename_queue)
    image = tf.image.decode_png(value, channels=3)
    image.set_shape([flags_image_size, flags_image_size, 3])
    image = tf.cast(image, tf.float32) / 127.5 - 1.0
    return [image, key]


def main(data_dir):
    root = os.path.join(data_dir, 'h35_anime', 'faces')
    os.makedirs(root, exist_ok=True)
    rng = np.random.RandomState(35)
    for i in range(8):
        save_png(os.path.join(root, '%05d.png' % i), rng.randint(0, 255, size=(3, 3, 3)).astype(np.uint8))
    data_files = sorted(glob.glob(os.path.join(root, '*.png')))
    filename_queue = tf.train.string_input_producer(data_files, num_epochs=1, shuffle=True)
    images_and_keys = [read_face(filename_queue) for _ in range(num_preprocess_threads)]
    images, keys = tf.train.shuffle_batch_join(images_and_keys, batch_size=flags_batch_size,
                                               capacity=16, min_after_dequeue=4)
    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                x, k = sess.run([images, keys])
                batches.append([np.round(x, 4).tolist(), [os.path.basename(s.decode()) for s in k]])
        except tf.errors.OutOfRangeError:
            pass
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": batches, "end": "faces: %d" % sum(len(b[1]) for b in batches)}
