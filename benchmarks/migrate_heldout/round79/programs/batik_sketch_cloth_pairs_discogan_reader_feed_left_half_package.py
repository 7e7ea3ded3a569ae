"""Batik sketch | dyed-cloth pairs stored side by side as JPEGs (edges2shoes layout), read by a DiscoGAN-style
`Reader(...).feed()` package: `match_filenames_once` glob into a producer, a reader made in `__init__`, the left
half cropped, enlarged, randomly cropped and flipped (a time seed), resized and shuffled by two threads.
Each half is one flat colour, so the random crop and flip do not change the values."""
import os

import numpy as np
import tensorflow.compat.v1 as tf

from batik79.reader import Reader


def _write_pairs(d):
    rng = np.random.RandomState(79)
    with tf.Graph().as_default():
        pix = tf.placeholder(tf.uint8, [16, 32, 3])
        enc = tf.image.encode_jpeg(pix, quality=100, chroma_downsampling=False)
        with tf.Session() as sess:
            for i in range(9):
                img = np.zeros((16, 32, 3), np.uint8)
                img[:, :16] = rng.randint(0, 16, size=3) * 16
                img[:, 16:] = rng.randint(0, 16, size=3) * 16
                with open(os.path.join(d, 'pair_%02d.jpg' % i), 'wb') as f:
                    f.write(sess.run(enc, {pix: img}))


def main(data_dir):
    d = os.path.join(data_dir, 'h79_batik', 'trainA')
    os.makedirs(d, exist_ok=True)
    _write_pairs(d)
    tf.set_random_seed(79)

    reader = Reader(d, image_size=(2, 2, 3), min_queue_examples=4, batch_size=3, num_threads=2,
                    side='left', ori_image_size=(16, 32, 3), name='sketch')
    x = reader.feed()

    batches = []
    with tf.Session() as sess:
        sess.run([tf.global_variables_initializer(), tf.local_variables_initializer()])
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                x_val = sess.run(x)
                batches.append([np.round((x_val[:, 0, 0, :] + 1.) * 127.5).astype(int).tolist()])
        except tf.errors.OutOfRangeError:
            print('epoch done')
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": batches, "end": "sketches: %d" % sum(len(b[0]) for b in batches)}
