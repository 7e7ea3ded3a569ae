import os

import numpy as np
import tensorflow.compat.v1 as tf

from pets42_lib import input_data
from pets42_lib.pngs import png_bytes

BATCH_SIZE = 4
CAPACITY = 16
IMG_W = 4
IMG_H = 4


def _make_pets(train_dir):
    rng = np.random.RandomState(4202)
    for animal in ['cat', 'dog']:
        for i in range(6):
            side = 4 + i % 2
            img = rng.randint(0, 256, size=(side, side, 3))
            with open(os.path.join(train_dir, '%s.%d.png' % (animal, i)), 'wb') as f:
                f.write(png_bytes(img))


def main(data_dir):
    train_dir = os.path.join(data_dir, 'h42_pets_input_data', 'train') + '/'
    if not os.path.isdir(train_dir):
        os.makedirs(train_dir)
    _make_pets(train_dir)

    np.random.seed(42)
    image_list, label_list = input_data.get_files(train_dir)
    image_batch, label_batch = input_data.get_batch(image_list, label_list, IMG_W, IMG_H, BATCH_SIZE, CAPACITY)

    batches = []
    end = None
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        i = 0
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(coord=coord)

        try:
            while not coord.should_stop() and i < 10:

                img, label = sess.run([image_batch, label_batch])

                # just test one batch
                batches.append([np.round(img.astype(np.float64), 3).tolist(), label.tolist()])
                i += 1

        except tf.errors.OutOfRangeError:
            end = 'done!'
        finally:
            coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": "%s pets: %d" % (end, sum(len(b[1]) for b in batches))}
