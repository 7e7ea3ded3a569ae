"""Salt-marsh drone tiles: get_image_batch(pattern, batch_size, train) built from lambdas, the eval
branch (match_filenames_once, unshuffled producer, one-thread batch)."""
import os

import numpy as np
import tensorflow.compat.v1 as tf

NUM_THREADS = 4
crop_size = 3


def get_image_batch(pattern, batch_size, train=True):
    if (train):
        random_flip = lambda x: tf.image.random_flip_left_right(x)
        crop = lambda x: tf.random_crop(x, [crop_size, crop_size, 3])
        queue = lambda: tf.train.string_input_producer(tf.identity(tf.train.match_filenames_once(pattern)),
                                                       num_epochs=None, shuffle=True)
        batch = lambda f, x: tf.train.shuffle_batch([f, x],
                                                    batch_size=batch_size,
                                                    num_threads=NUM_THREADS,
                                                    capacity=batch_size * 5,
                                                    min_after_dequeue=batch_size * 2)
    else:
        random_flip = lambda x: tf.identity(x)
        crop = lambda x: tf.image.resize_image_with_crop_or_pad(x, crop_size, crop_size)
        queue = lambda: tf.train.string_input_producer(tf.identity(tf.train.match_filenames_once(pattern)),
                                                       num_epochs=1, shuffle=False)
        batch = lambda f, x: tf.train.batch([f, x],
                                            batch_size=batch_size,
                                            num_threads=1,
                                            capacity=batch_size * 5,
                                            allow_smaller_final_batch=False)

    image_reader = tf.WholeFileReader()
    fname, image_file = image_reader.read(queue())
    image = tf.image.decode_png(image_file, channels=3)
    image.set_shape([4, 4, 3])
    image = crop(random_flip(image))
    image = tf.cast(image, tf.float32) / 255.0
    return batch(fname, image)


def write_tiles(out_dir):
    rng = np.random.RandomState(1978)
    with tf.Graph().as_default():
        ph = tf.placeholder(tf.uint8, [4, 4, 3])
        png = tf.image.encode_png(ph)
        with tf.Session() as sess:
            for i in range(9):
                tile = rng.randint(0, 256, size=(4, 4, 3)).astype(np.uint8)
                with open(os.path.join(out_dir, 'tile_%02d.png' % i), 'wb') as f:
                    f.write(sess.run(png, {ph: tile}))


def main(data_dir):
    out_dir = os.path.join(data_dir, 'h78_marsh')
    if not os.path.isdir(out_dir):
        os.makedirs(out_dir)
    write_tiles(out_dir)
    names, tiles = get_image_batch(os.path.join(out_dir, '*.png'), 3, train=False)
    green = tf.reduce_mean(tiles[:, :, :, 1], axis=[1, 2])

    batches = []
    with tf.Session() as sess:
        sess.run([tf.global_variables_initializer(), tf.local_variables_initializer()])
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(coord=coord)
        try:
            while not coord.should_stop():
                n, g = sess.run([names, green])
                batches.append([[os.path.basename(x.decode()) for x in n], np.round(g.astype(np.float64), 3).tolist()])
        except tf.errors.OutOfRangeError:
            pass
        finally:
            coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": "tiles: %d" % sum(len(b[0]) for b in batches)}
