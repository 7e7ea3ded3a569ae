import tensorflow as tf
import numpy as np
import os
import struct
import zlib

from coin59_lib import input_data

N_CLASSES = 2
IMG_HEIGHT = 4
IMG_WIDTH = 4
BATCH_SIZE = 2
CAPACITY = 20
MAX_STEP = 15000
learning_rate = 0.0001


def _png(path, arr):
    h, w, c = arr.shape
    raw = b''.join(b'\x00' + arr[y].tobytes() for y in range(h))

    def chunk(t, d):
        return struct.pack('>I', len(d)) + t + d + struct.pack('>I', zlib.crc32(t + d) & 0xffffffff)
    png = (b'\x89PNG\r\n\x1a\n' + chunk(b'IHDR', struct.pack('>IIBBBBB', w, h, 8, 2, 0, 0, 0))
           + chunk(b'IDAT', zlib.compress(raw)) + chunk(b'IEND', b''))
    with open(path, 'wb') as f:
        f.write(png)


def _make_coins(folder):
    rng = np.random.RandomState(1959)
    for side in ('heads', 'tails'):
        for n in range(4):
            size = 4 + (n % 2) * 2          # some photos 6x6, cropped to 4x4
            _png(os.path.join(folder, '%s.%d.png' % (side, n)),
                 rng.randint(0, 256, size=(size, size, 3)).astype(np.uint8))


def run_training(datapath):
    np.random.seed(59)
    imagelist, labelist = input_data.get_file(datapath)
    image_batch, label_batch = input_data.get_batchsize(imagelist, labelist, IMG_WIDTH, IMG_HEIGHT, BATCH_SIZE, CAPACITY)

    sess = tf.compat.v1.Session()
    sess.run(tf.compat.v1.global_variables_initializer())
    sess.run(tf.compat.v1.local_variables_initializer())
    saver = tf.compat.v1.train.start_queue_runners(sess=sess)

    out = []
    end = None
    try:
        for step in np.arange(MAX_STEP):
            tra_images, tra_labels = sess.run([image_batch, label_batch])
            out.append([tra_images.tolist(), tra_labels.tolist()])
    except tf.errors.OutOfRangeError:
        end = 'Done training -- epoch limit reached'
    sess.close()
    return out, end


def main(data_dir):
    datapath = os.path.join(data_dir, 'h59_coin_photos')
    if not os.path.isdir(datapath):
        os.makedirs(datapath)
        _make_coins(datapath)
    batches, end = run_training(datapath)
    return {"batches": batches, "end": end}
