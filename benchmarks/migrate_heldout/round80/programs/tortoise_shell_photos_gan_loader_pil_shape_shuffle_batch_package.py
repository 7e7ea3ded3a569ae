"""Tortoise-shell photos (4x4 JPEGs) for a GAN through ``tortoise80.loader.loader(dir_path, batch_size, img_size,
...)``: a shuffled producer, the static shape read from the first file, a two-thread ``shuffle_batch`` and a
nearest-neighbour resize of the batch; ``denorm_img`` turns the real batch back to pixel values."""
import os

import numpy as np
import tensorflow.compat.v1 as tf

from tortoise80 import loader as tortoise_loader


def _write(folder):
    rng = np.random.RandomState(44)
    with tf.Graph().as_default():
        pixels = tf.placeholder(tf.uint8, [4, 4, 3])
        jpg = tf.image.encode_jpeg(pixels, quality=90)
        with tf.Session() as sess:
            for i in range(12):
                data = sess.run(jpg, {pixels: rng.randint(0, 256, size=(4, 4, 3)).astype(np.uint8)})
                with open(os.path.join(folder, 'shell_%02d.jpg' % i), 'wb') as f:
                    f.write(data)


def main(data_dir):
    folder = os.path.join(data_dir, 'h80_tortoise')
    os.makedirs(folder, exist_ok=True)
    _write(folder)
    real = tortoise_loader.loader(folder, 4, [2, 2], min_after_dequeue=4, num_epochs=1)

    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                x = sess.run(real)
                pixels = tortoise_loader.denorm_img(x)
                batches.append([np.round(pixels.reshape(len(x), -1), 1).tolist()])
        except tf.errors.OutOfRangeError:
            pass
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": batches, "end": "shells: %d" % sum(len(b[0]) for b in batches)}
