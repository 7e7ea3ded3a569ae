"""Class folders of PNGs: tf.train.input_producer over paths, the label from the parent folder's name."""
import os
import struct
import zlib

import numpy as np
import tensorflow.compat.v1 as tf

IMAGE_SIZE = 2


def write_png(path, pixels):
    h, w = pixels.shape
    raw = b''.join(b'\x00' + pixels[r].tobytes() for r in range(h))

    def chunk(tag, data):
        return struct.pack('>I', len(data)) + tag + data + struct.pack('>I', zlib.crc32(tag + data) & 0xffffffff)

    with open(path, 'wb') as f:
        f.write(b'\x89PNG\r\n\x1a\n' + chunk(b'IHDR', struct.pack('>IIBBBBB', w, h, 8, 0, 0, 0, 0))
                + chunk(b'IDAT', zlib.compress(raw)) + chunk(b'IEND', b''))


def get_files(file_dir):
    image_list = []
    for cls in sorted(os.listdir(file_dir)):
        for name in sorted(os.listdir(os.path.join(file_dir, cls))):
            image_list.append(os.path.join(file_dir, cls, name))
    return image_list


def main(data_dir):
    root = os.path.join(data_dir, 'h29_pets_png_dirname_label_input_producer_resize')
    rng = np.random.RandomState(8)
    for cls in ('cat', 'dog'):
        os.makedirs(os.path.join(root, cls), exist_ok=True)
        for i in range(3):
            write_png(os.path.join(root, cls, '%s.%d.png' % (cls, i)),
                      rng.randint(0, 256, size=(4, 4)).astype(np.uint8))
    image_list = get_files(root)

    input_queue = tf.train.input_producer(tf.constant(image_list), num_epochs=1, shuffle=False)
    image_path = input_queue.dequeue()
    parts = tf.string_split([image_path], delimiter=os.sep).values
    label = tf.cast(tf.equal(parts[-2], 'dog'), tf.int32)
    image = tf.image.decode_png(tf.read_file(image_path), channels=1)
    image = tf.image.resize_images(image, [IMAGE_SIZE, IMAGE_SIZE],
                                   method=tf.image.ResizeMethod.NEAREST_NEIGHBOR)
    image = tf.cast(image, tf.int32)

    image_batch, label_batch = tf.train.batch([image, label], batch_size=4, num_threads=1, capacity=16,
                                              allow_smaller_final_batch=True)

    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                img, lab = sess.run([image_batch, label_batch])
                batches.append([img[..., 0].tolist(), lab.tolist()])
        except tf.errors.OutOfRangeError:
            end = 'done!'
        finally:
            coord.request_stop()
        coord.join(threads)
    return {'batches': batches, 'end': end}
