"""Puffin burrow-camera PNGs (3x3 grey) through a research repo's boxed-comment `Dataset Loader` module:
`IMAGE_FORMAT = 'PNG'`, a `WholeFileReader` per preprocessing thread, the chains joined by `batch_join`;
the training script lists the folder and loops to `OutOfRangeError`."""
import os
import zlib
import struct

import numpy as np
import tensorflow.compat.v1 as tf

from puffin75 import dataset_loader

BATCH_SIZE = 3


def _png(pixels):
    raw = b''.join(b'\x00' + row.tobytes() for row in pixels)
    def chunk(tag, body):
        return struct.pack('>I', len(body)) + tag + body + struct.pack('>I', zlib.crc32(tag + body) & 0xffffffff)
    return (b'\x89PNG\r\n\x1a\n' + chunk(b'IHDR', struct.pack('>IIBBBBB', 3, 3, 8, 0, 0, 0, 0)) +
            chunk(b'IDAT', zlib.compress(raw)) + chunk(b'IEND', b''))


def main(data_dir):
    folder = os.path.join(data_dir, 'h75_puffin')
    os.makedirs(folder, exist_ok=True)
    rng = np.random.RandomState(17)
    for i in range(9):
        with open(os.path.join(folder, 'burrow_%02d.png' % i), 'wb') as f:
            f.write(_png(rng.randint(0, 256, (3, 3)).astype(np.uint8)))
    filenames = sorted(os.path.join(folder, f) for f in os.listdir(folder) if f.endswith('.png'))
    keys, images = dataset_loader.inputs(filenames, BATCH_SIZE, num_epochs=1, train=True)

    batches = []
    sess = tf.Session()
    sess.run([tf.global_variables_initializer(), tf.local_variables_initializer()])
    coord = tf.train.Coordinator()
    threads = tf.train.start_queue_runners(sess=sess, coord=coord)
    try:
        while not coord.should_stop():
            k, im = sess.run([keys, images])
            batches.append([[os.path.basename(x.decode()) for x in k], np.round(im, 3).tolist()])
    except tf.errors.OutOfRangeError:
        print('Done training -- epoch limit reached')
    finally:
        coord.request_stop()
    coord.join(threads)
    sess.close()
    return {"batches": batches, "end": "burrow images: %d" % (BATCH_SIZE * len(batches))}
