"""Periscope sightings: a student app package whose input module reads grayscale PNGs named in a list file
(read_image_from_disk(input_queue, path), `from . import FLAGS`)."""
import os

import numpy as np
import tensorflow.compat.v1 as tf

from periscope72_app import FLAGS
from periscope72_app.input_data import get_batch


def make_data(folder):
    rng = np.random.RandomState(8)
    lines = []
    with tf.Graph().as_default():
        ph = tf.placeholder(tf.uint8, [None, None, 1])
        png = tf.image.encode_png(ph)
        with tf.Session() as sess:
            for i in range(8):
                size = 3 + (i % 2)
                pixels = rng.randint(0, 255, size=(size, size, 1)).astype(np.uint8)
                name = 'sight_%02d.png' % i
                with open(os.path.join(folder, name), 'wb') as f:
                    f.write(sess.run(png, {ph: pixels}))
                lines.append('%s %d\n' % (name, i % 4))
    with open(os.path.join(folder, 'train.txt'), 'w') as f:
        f.writelines(lines)


def main(data_dir):
    folder = os.path.join(data_dir, 'h72_periscope') + '/'
    os.makedirs(folder, exist_ok=True)
    make_data(folder)

    image_batch, label_batch = get_batch(folder + 'train.txt', folder)
    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                imgs, labels = sess.run([image_batch, label_batch])
                batches.append([imgs[..., 0].tolist(), labels.tolist()])
        except tf.errors.OutOfRangeError:
            pass
        finally:
            coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": "sightings: %d" % (len(batches) * FLAGS.batch_size)}
