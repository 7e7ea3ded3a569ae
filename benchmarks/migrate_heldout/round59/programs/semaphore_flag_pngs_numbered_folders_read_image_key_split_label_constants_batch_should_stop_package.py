import os
import struct
import zlib

import numpy as np
import tensorflow.compat.v1 as tf

import sema59_lib.semaphore_input as semaphore_input


def _png(path, arr):
    h, w, c = arr.shape
    raw = b''.join(b'\x00' + arr[y].tobytes() for y in range(h))

    def chunk(t, d):
        return struct.pack('>I', len(d)) + t + d + struct.pack('>I', zlib.crc32(t + d) & 0xffffffff)
    with open(path, 'wb') as f:
        f.write(b'\x89PNG\r\n\x1a\n' + chunk(b'IHDR', struct.pack('>IIBBBBB', w, h, 8, 2, 0, 0, 0))
                + chunk(b'IDAT', zlib.compress(raw)) + chunk(b'IEND', b''))


def _make_flags(root):
    rng = np.random.RandomState(259)
    for cls in range(1, semaphore_input.NUM_CLASSES + 1):
        os.makedirs(os.path.join(root, str(cls)))
        for n in range(3):
            _png(os.path.join(root, str(cls), 'pose_%02d.png' % n),
                 rng.randint(0, 256, size=(3, 4, 3)).astype(np.uint8))


def main(data_dir):
    root = os.path.join(data_dir, 'h59_semaphore_flags')
    if not os.path.isdir(root):
        _make_flags(root)

    images, labels = semaphore_input.inputs(root, batch_size=4)
    mean_red = tf.reduce_mean(images[:, :, :, 0], axis=[1, 2])

    batches = []
    with tf.Session() as sess:
        sess.run([tf.global_variables_initializer(), tf.local_variables_initializer()])
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        end = None
        try:
            while not coord.should_stop():
                img, lab, red = sess.run([images, labels, mean_red])
                batches.append([img.tolist(), lab.tolist(), red.tolist()])
        except tf.errors.OutOfRangeError:
            end = 'Done -- epoch limit reached'
        finally:
            coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": end}
