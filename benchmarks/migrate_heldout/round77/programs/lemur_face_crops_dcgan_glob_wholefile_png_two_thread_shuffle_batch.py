"""Lemur face crops for a DCGAN: the GAN repositories' queue-era image loader (from knowledge of that common
form: a module-level `FLAGS`-like options object, `glob` of the image folder, `string_input_producer(files)`,
`WholeFileReader`, `decode_png` (JPEG in most), `set_shape`, scaling to [-1, 1] with `/ 127.5 - 1`,
`shuffle_batch` with several threads, and a `for epoch` / `for idx in range(batch_idxs)` training loop).
Writer changes: one epoch, a seeded producer, two threads, the file key carried along for checking."""
import glob
import os

import numpy as np
import tensorflow.compat.v1 as tf


class Options(object):
    dataset = 'lemurs'
    input_height = 4
    input_width = 4
    c_dim = 3
    batch_size = 4
    epoch = 1


def make_images(folder):
    rng = np.random.RandomState(7710)
    g = tf.Graph()
    with g.as_default():
        pixels = tf.placeholder(tf.uint8, [4, 4, 3])
        png = tf.image.encode_png(pixels)
        with tf.Session(graph=g) as sess:
            for i in range(8):
                with open(os.path.join(folder, 'lemur_%02d.png' % i), 'wb') as f:
                    f.write(sess.run(png, {pixels: rng.randint(0, 256, size=(4, 4, 3)).astype(np.uint8)}))


def get_image_batch(data_path, opts):
    files = sorted(glob.glob(os.path.join(data_path, '*.png')))
    filename_queue = tf.train.string_input_producer(files, num_epochs=opts.epoch, seed=77)
    reader = tf.WholeFileReader()
    key, value = reader.read(filename_queue)
    image = tf.image.decode_png(value, channels=opts.c_dim)
    image.set_shape([opts.input_height, opts.input_width, opts.c_dim])
    image = tf.cast(image, tf.float32) / 127.5 - 1.
    num_preprocess_threads = 2
    min_queue_examples = 4
    keys, images = tf.train.shuffle_batch([key, image], batch_size=opts.batch_size,
                                          num_threads=num_preprocess_threads,
                                          capacity=min_queue_examples + 3 * opts.batch_size,
                                          min_after_dequeue=min_queue_examples, seed=77)
    return keys, images, len(files)


def main(data_dir):
    opts = Options()
    data_path = os.path.join(data_dir, 'h77_lemur', opts.dataset)
    os.makedirs(data_path, exist_ok=True)
    make_images(data_path)

    keys, images, num_files = get_image_batch(data_path, opts)
    batch_idxs = num_files // opts.batch_size
    batches = []
    with tf.Session() as sess:
        sess.run(tf.global_variables_initializer())
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        for epoch in range(opts.epoch):
            for idx in range(0, batch_idxs):
                k, batch_images = sess.run([keys, images])
                batches.append([[os.path.basename(x.decode()) for x in k], np.round(batch_images, 3).tolist()])
        coord.request_stop()
        coord.join(threads)
    return {'batches': batches, 'end': 'faces: %d' % sum(len(b[0]) for b in batches)}
