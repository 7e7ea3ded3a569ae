import os
import struct
import sys
import zlib

import numpy as np
import tensorflow.compat.v1 as tf

IMAGE_SIZE = 4
BATCH_SIZE = 3


def my_print(s):
    sys.stderr.write(s)
    sys.stderr.flush()


def _png(arr):
    arr = np.asarray(arr, np.uint8)
    h, w = arr.shape[:2]
    raw = b''.join(b'\x00' + arr[y].tobytes() for y in range(h))

    def chunk(kind, data):
        return struct.pack('>I', len(data)) + kind + data + struct.pack('>I', zlib.crc32(kind + data) & 0xffffffff)
    return (b'\x89PNG\r\n\x1a\n' + chunk(b'IHDR', struct.pack('>IIBBBBB', w, h, 8, 2, 0, 0, 0)) +
            chunk(b'IDAT', zlib.compress(raw)) + chunk(b'IEND', b''))


def _paint(data_dir):
    rng = np.random.RandomState(4203)
    for i in range(10):
        side = 5 + i % 3
        with open(os.path.join(data_dir, 'painting_%02d.png' % i), 'wb') as f:
            f.write(_png(rng.randint(0, 256, size=(side, side, 3))))


# INPUT

def _create_fname_producers(data_dir):
    lines = list(map((lambda x: os.path.join(data_dir, x)), sorted(os.listdir(data_dir))))
    # lines = os.listdir(data_dir)
    cnt = len(lines)
    p = 0.9
    train_cnt = int(cnt * p)
    my_print("Total: %i images, train: %i\n" % (cnt, train_cnt))
    train_lines = lines[:train_cnt]
    test_lines = lines[train_cnt:]
    return (tf.train.string_input_producer(train_lines, num_epochs=1, shuffle=False),
            tf.train.string_input_producer(test_lines, num_epochs=1, shuffle=False))


def _read_image(path):
    with tf.name_scope("read_image"):
        file_content = tf.read_file(path)
        image3c = tf.image.decode_png(file_content, channels=3)
        image = tf.image.resize_images(image3c, [IMAGE_SIZE, IMAGE_SIZE],
                                       method=tf.image.ResizeMethod.NEAREST_NEIGHBOR)
        image = tf.cast(image, tf.float32) / 127.5 - 1.0
        return image


def inputs(data_dir):
    train_producer, test_producer = _create_fname_producers(data_dir)
    path = train_producer.dequeue()
    image = _read_image(path)
    images, paths = tf.train.batch([image, path], BATCH_SIZE, allow_smaller_final_batch=True)
    return images, paths, test_producer


def main(data_dir):
    root = os.path.join(data_dir, 'h42_art_fname_producers')
    if not os.path.isdir(root):
        os.makedirs(root)
    _paint(root)

    images, paths, _ = inputs(root)
    batches = []
    with tf.Session() as sess:
        sess.run([tf.global_variables_initializer(), tf.local_variables_initializer()])
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        step = 0
        try:
            while not coord.should_stop():
                im, p = sess.run([images, paths])
                batches.append([np.round(im.astype(np.float64), 4).tolist(),
                                [os.path.basename(x.decode()) for x in p]])
                step += 1
        except tf.errors.OutOfRangeError:
            my_print("Done: %d steps\n" % step)
        finally:
            coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": "paintings: %d" % sum(len(b[1]) for b in batches)}
