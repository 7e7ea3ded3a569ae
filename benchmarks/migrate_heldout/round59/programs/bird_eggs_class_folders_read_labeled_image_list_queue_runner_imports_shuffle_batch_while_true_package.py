import os
import struct
import zlib

import numpy as np
import tensorflow.compat.v1 as tf

from eggs59_lib import eggs_input


def _png(path, arr):
    h, w, c = arr.shape
    raw = b''.join(b'\x00' + arr[y].tobytes() for y in range(h))

    def chunk(t, d):
        return struct.pack('>I', len(d)) + t + d + struct.pack('>I', zlib.crc32(t + d) & 0xffffffff)
    with open(path, 'wb') as f:
        f.write(b'\x89PNG\r\n\x1a\n' + chunk(b'IHDR', struct.pack('>IIBBBBB', w, h, 8, 2, 0, 0, 0))
                + chunk(b'IDAT', zlib.compress(raw)) + chunk(b'IEND', b''))


def _make_eggs(path):
    rng = np.random.RandomState(9591)
    for bird in ('gull', 'plover', 'tern'):
        os.makedirs(os.path.join(path, bird))
        for n in range(3):
            _png(os.path.join(path, bird, 'egg_%d.png' % n), rng.randint(0, 256, size=(3, 3, 3)).astype(np.uint8))


def main(data_dir):
    path = os.path.join(data_dir, 'h59_bird_eggs')
    if not os.path.isdir(path):
        _make_eggs(path)

    images, labels = eggs_input.inputs(path, batch_size=3)
    logits = tf.reduce_mean(images, axis=[1, 2])

    init_op = tf.group(tf.global_variables_initializer(), tf.local_variables_initializer())
    sess = tf.Session()
    sess.run(init_op)
    coord = tf.train.Coordinator()
    threads = tf.train.start_queue_runners(sess=sess, coord=coord)

    batches = []
    step = 0
    while True:
        try:
            img, lab, lg = sess.run([images, labels, logits])
        except tf.errors.OutOfRangeError:
            break
        step += 1
        batches.append([np.round(img, 4).tolist(), lab.tolist(), np.round(lg, 4).tolist()])

    coord.request_stop()
    coord.join(threads)
    sess.close()
    return {"batches": batches, "end": "OutOfRange after %d steps" % step}
