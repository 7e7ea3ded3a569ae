"""Quick reading and minimal preprocessing of the falconry centre's raptor photos"""
import os
import re
import struct
import zlib

import numpy as np
import tensorflow.compat.v1 as tf

IMAGE_SIZE = 2


def _single_class_reader(directory):
    """Get a reader which reads images one at a time from a particular
    directory."""
    fnames = [os.path.join(directory, fname) for fname in sorted(os.listdir(directory))
              if re.search(r'png', fname)]
    tf.logging.info('class %s, %d files',
                    directory, len(fnames))
    fnames = tf.constant(fnames)
    fname_queue = tf.train.string_input_producer(fnames, num_epochs=1, shuffle=False)
    reader = tf.WholeFileReader()

    key, value = reader.read(fname_queue)
    img_value = tf.image.decode_png(value, channels=3)

    return img_value


def _read_all_classes(data_dir):
    """One reader per species folder; the label is the folder's index."""
    classes = sorted(d for d in os.listdir(data_dir)
                     if os.path.isdir(os.path.join(data_dir, d)))
    examples = []
    for label, cls in enumerate(classes):
        img = _single_class_reader(os.path.join(data_dir, cls))
        img = tf.image.resize_images(img, [IMAGE_SIZE, IMAGE_SIZE],
                                     method=tf.image.ResizeMethod.NEAREST_NEIGHBOR)
        img = tf.cast(img, tf.float32) / 255.0
        img.set_shape([IMAGE_SIZE, IMAGE_SIZE, 3])
        examples.append([img, tf.constant(label, dtype=tf.int32)])
    return classes, examples


def get_batch(data_dir, batch_size):
    classes, examples = _read_all_classes(data_dir)
    images, labels = tf.train.batch_join(examples, batch_size,
                                         capacity=4 * batch_size)
    return classes, images, labels


def _png(pixels):
    def chunk(kind, data):
        body = kind + data
        return struct.pack('>I', len(data)) + body + struct.pack('>I', zlib.crc32(body) & 0xffffffff)
    h, w = pixels.shape[:2]
    raw = b''.join(b'\x00' + pixels[r].tobytes() for r in range(h))
    return (b'\x89PNG\r\n\x1a\n' + chunk(b'IHDR', struct.pack('>IIBBBBB', w, h, 8, 2, 0, 0, 0)) +
            chunk(b'IDAT', zlib.compress(raw)) + chunk(b'IEND', b''))


def _photograph(root):
    rng = np.random.RandomState(1240)
    for species in ('gyrfalcon', 'harris_hawk', 'peregrine'):
        folder = os.path.join(root, species)
        if not os.path.isdir(folder):
            os.makedirs(folder)
        for k in range(4):
            with open(os.path.join(folder, '%s_%02d.png' % (species, k)), 'wb') as f:
                f.write(_png(rng.randint(0, 256, size=(4, 4, 3)).astype(np.uint8)))
        with open(os.path.join(folder, 'notes.txt'), 'w') as f:
            f.write('weights logged at the mews\n')


def main(data_dir):
    root = os.path.join(data_dir, 'h52_raptor_photos')
    _photograph(root)
    classes, images, labels = get_batch(root, 4)

    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                im, lb = sess.run([images, labels])
                batches.append([np.round(im, 6).tolist(), lb.tolist(), [classes[i] for i in lb]])
        except tf.errors.OutOfRangeError:
            pass
        finally:
            coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": "OutOfRangeError"}
