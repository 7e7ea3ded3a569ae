"""Abacus bead-row thumbnails for a small DCGAN: a sorted glob of PNGs, WholeFileReader, decode_png scaled to
[-1, 1], a two-thread shuffle_batch of (image, key) in a `data` module -- package."""
import os

import numpy as np
import tensorflow.compat.v1 as tf

from abacus_gan import data


def _write_pngs(out):
    rng = np.random.RandomState(9)
    with tf.Graph().as_default():
        img_pl = tf.placeholder(tf.uint8, [6, 6, 1])
        enc = tf.image.encode_png(img_pl)
        with tf.Session() as s:
            for i in range(8):
                img = (rng.randint(0, 10, size=(6, 6, 1)) * 25).astype(np.uint8)
                with open(os.path.join(out, 'abacus_%02d.png' % i), 'wb') as f:
                    f.write(s.run(enc, {img_pl: img}))


def main(data_dir):
    out = os.path.join(data_dir, 'h70_abacus')
    os.makedirs(out, exist_ok=True)
    _write_pngs(out)

    real_images, keys = data.get_image_batch(out, num_epochs=1)
    beads = tf.reduce_sum(tf.cast(real_images > 0.0, tf.int32), axis=[1, 2, 3])
    z = tf.random_uniform([data.flags['batch_size'], 3], -1, 1, seed=1)  # the generator's noise, unused here

    batches = []
    with tf.Session() as sess:
        sess.run([tf.global_variables_initializer(), tf.local_variables_initializer()])
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        counter = 0
        try:
            while not coord.should_stop():
                imgs, k, b = sess.run([real_images, keys, beads])
                counter += 1
                batches.append([[os.path.basename(x.decode()) for x in k], b.tolist(),
                                np.round(imgs.mean(axis=(1, 2, 3)), 4).tolist()])
        except tf.errors.OutOfRangeError:
            print('Done training -- epoch limit reached after %d steps' % counter)
        finally:
            coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": "bead rows: %d" % sum(len(b[0]) for b in batches)}
