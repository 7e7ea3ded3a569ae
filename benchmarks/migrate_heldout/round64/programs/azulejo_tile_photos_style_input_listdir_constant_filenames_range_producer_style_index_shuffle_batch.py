"""Fast style transfer over photographs of Portuguese azulejo tiles: content images from a folder and a style
index from a `range_input_producer`, paired in one `shuffle_batch` (a hackathon `style_input.py` shape)."""
import os
import struct
import zlib
from os import path, listdir

import numpy as np
import tensorflow.compat.v1 as tf

IMAGE_SIDE = 4


def _write_png(filename, arr):
    h, w, c = arr.shape
    raw = b''.join(b'\x00' + arr[y].astype(np.uint8).tobytes() for y in range(h))

    def chunk(tag, data):
        return struct.pack('>I', len(data)) + tag + data + struct.pack('>I', zlib.crc32(tag + data) & 0xffffffff)

    png = b'\x89PNG\r\n\x1a\n' + chunk(b'IHDR', struct.pack('>IIBBBBB', w, h, 8, 2, 0, 0, 0))
    png += chunk(b'IDAT', zlib.compress(raw)) + chunk(b'IEND', b'')
    with open(filename, 'wb') as f:
        f.write(png)


def read_jpg(filename_queue):
    reader = tf.WholeFileReader(name='file_reader')
    key, record_string = reader.read(filename_queue)
    example = tf.image.decode_png(record_string, channels=3, name='decode_jpeg')

    # Cast and reshape (This assumes the images are 4 * 4 * 3).
    example = tf.cast(tf.reshape(example, shape=(IMAGE_SIDE, IMAGE_SIDE, 3)),
                      dtype=tf.float32, name='image_input')
    return example


def style_input(train_image_dir, batch_size, min_after_dequeue=5, read_threads=1, num_styles=1):
    train_filenames = [path.join(train_image_dir, f) for f in sorted(listdir(train_image_dir))]
    train_filenames = tf.constant(train_filenames, name='filenames')

    train_queue = tf.train.string_input_producer(train_filenames,
                                                 shuffle=True, num_epochs=1, seed=64)

    # Get the range 0 ... num_styles as the possible style_indices
    style_index_queue = tf.train.range_input_producer(num_styles, shuffle=True, seed=46)
    style_example = style_index_queue.dequeue()

    image_example = read_jpg(train_queue)

    capacity = min_after_dequeue + 3 * batch_size

    image_batch, style_indices = tf.train.shuffle_batch([image_example, style_example], batch_size=batch_size,
                                                        capacity=capacity, num_threads=read_threads,
                                                        min_after_dequeue=min_after_dequeue, seed=64)

    return image_batch, style_indices


def main(data_dir):
    train_image_dir = os.path.join(data_dir, 'h64_azulejo_tiles')
    os.makedirs(train_image_dir, exist_ok=True)
    rng = np.random.RandomState(64)
    for i in range(12):
        _write_png(os.path.join(train_image_dir, 'painel_%02d.png' % i),
                   rng.randint(0, 256, size=(IMAGE_SIDE, IMAGE_SIDE, 3)))

    num_styles = 3
    image_batch, style_indices = style_input(train_image_dir, 4, min_after_dequeue=5,
                                             read_threads=1, num_styles=num_styles)

    # conditional instance norm parameters, one row per style
    gamma = tf.constant([[1.0, 0.9, 1.1], [0.8, 1.2, 1.0], [1.05, 1.0, 0.95]])
    mean, var = tf.nn.moments(image_batch, axes=[1, 2], keep_dims=True)
    normalized = (image_batch - mean) / tf.sqrt(var + 1e-5)
    styled = normalized * tf.reshape(tf.gather(gamma, style_indices), [-1, 1, 1, 3])

    batches = []
    with tf.Session() as sess:
        sess.run([tf.global_variables_initializer(), tf.local_variables_initializer()])
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                imgs, styles, out = sess.run([image_batch, style_indices, styled])
                batches.append([imgs.tolist(), styles.tolist(), np.round(out, 3).tolist()])
        except tf.errors.OutOfRangeError:
            pass
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": batches, "end": "tile photos: %d styled" % sum(len(b[0]) for b in batches)}
