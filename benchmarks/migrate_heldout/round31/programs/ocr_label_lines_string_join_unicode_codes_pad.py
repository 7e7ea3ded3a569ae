"""Word recognition: a label file of `image word` lines, images joined onto the folder, char codes padded."""
import os
import struct
import zlib

import numpy as np
import tensorflow.compat.v1 as tf

WORDS = ['HELLO', 'TF', 'QUEUE', 'OCR', 'WORDS', 'AB', 'TENSOR']


def _png(img):
    h, w = img.shape
    raw = b''.join(b'\x00' + img[r].tobytes() for r in range(h))
    def chunk(tag, data):
        return struct.pack('>I', len(data)) + tag + data + struct.pack('>I', zlib.crc32(tag + data) & 0xffffffff)
    return (b'\x89PNG\r\n\x1a\n' + chunk(b'IHDR', struct.pack('>IIBBBBB', w, h, 8, 0, 0, 0, 0))
            + chunk(b'IDAT', zlib.compress(raw)) + chunk(b'IEND', b''))


def make_word_images(folder):
    rng = np.random.RandomState(7)
    os.makedirs(os.path.join(folder, 'images'), exist_ok=True)
    with open(os.path.join(folder, 'labels.txt'), 'w') as f:
        for i, word in enumerate(WORDS):
            img = rng.randint(0, 256, size=(2, 2 * len(word))).astype(np.uint8)
            name = 'word_%d.png' % i
            with open(os.path.join(folder, 'images', name), 'wb') as g:
                g.write(_png(img))
            f.write('%s %s\n' % (name, word))


def get_batch(label_file, image_dir, batch_size):
    filename_queue = tf.train.string_input_producer([label_file], num_epochs=1, shuffle=False)
    reader = tf.TextLineReader()
    _, line = reader.read(filename_queue)
    parts = tf.string_split([line], delimiter=' ').values
    image_path = tf.string_join([image_dir, parts[0]], separator='/')
    image = tf.image.decode_png(tf.read_file(image_path), channels=1)
    width = tf.shape(image)[1]
    codes = tf.strings.unicode_decode(parts[1], 'UTF-8') - 64
    label_length = tf.size(codes)
    return tf.train.batch([image, codes, width, label_length], batch_size=batch_size,
                          dynamic_pad=True, allow_smaller_final_batch=True, capacity=10)


def main(data_dir):
    folder = os.path.join(data_dir, 'h31_ocr_words')
    make_word_images(folder)
    images, labels, widths, label_lengths = get_batch(os.path.join(folder, 'labels.txt'),
                                                      os.path.join(folder, 'images'), 3)
    column_sums = tf.reduce_sum(tf.cast(images, tf.int32), axis=[1, 3])

    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        step = 0
        try:
            while not coord.should_stop():
                c, l, w, n = sess.run([column_sums, labels, widths, label_lengths])
                batches.append({'columns': c.tolist(), 'labels': l.tolist(), 'width': w.tolist(),
                                'label_length': n.tolist()})
                step += 1
        except tf.errors.OutOfRangeError:
            end = 'labels file read in %d steps' % step
        finally:
            coord.request_stop()
            coord.join(threads)
    return {'batches': batches, 'end': end}
