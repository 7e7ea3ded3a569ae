"""Moccasin catalogue photos (Zappos-style shoe JPEGs) through a `zap_data(FLAGS, shuffle)` module: glob of a
file pattern, `read_image(filename_queue, shuffle)` returning `[image, path]` (WholeFileReader, decode_jpeg,
resize, centre to [-0.5, 0.5]), and for evaluation (`shuffle=False`) a one-epoch producer into
`tf.train.batch(..., allow_smaller_final_batch=True)`; the function returns `dict(batch=..., size=...)`."""
import os

import numpy as np
import tensorflow.compat.v1 as tf

from moccasin79 import zap
from moccasin79.config import Flags


def _write(d):
    rng = np.random.RandomState(79)
    with tf.Graph().as_default():
        pix = tf.placeholder(tf.uint8, [6, 8, 3])
        enc = tf.image.encode_jpeg(pix, quality=95)
        with tf.Session() as sess:
            for i in range(10):
                img = rng.randint(0, 256, size=(6, 8, 3)).astype(np.uint8)
                with open(os.path.join(d, 'moc_%02d.jpg' % i), 'wb') as f:
                    f.write(sess.run(enc, {pix: img}))


def main(data_dir):
    d = os.path.join(data_dir, 'h79_moccasin', 'ut-zap50k')
    os.makedirs(d, exist_ok=True)
    _write(d)

    FLAGS = Flags(file_pattern=os.path.join(d, '*.jpg'), batch_size=4, debug=True)
    data = zap.zap_data(FLAGS, shuffle=False)
    images, paths = data['batch']

    out = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            for step in range(data['size'] // FLAGS.batch_size + 1):
                img, p = sess.run([images, paths])
                out.append([[os.path.basename(x.decode()) for x in p],
                            np.round(img.mean(axis=(1, 2)).astype(np.float64), 3).tolist()])
        except tf.errors.OutOfRangeError:
            print('evaluated all %d photos' % data['size'])
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": out, "end": "photos: %d" % sum(len(b[0]) for b in out)}
