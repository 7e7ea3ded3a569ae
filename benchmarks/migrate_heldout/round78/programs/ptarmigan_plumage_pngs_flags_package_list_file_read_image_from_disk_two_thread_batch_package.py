"""Ptarmigan plumage photos (winter white / summer brown): an image list file, a package-level FLAGS,
read_image_from_disk over a shuffled slice_input_producer, a two-thread train.batch."""
import os

import numpy as np
import tensorflow.compat.v1 as tf

from pta78 import FLAGS
from pta78.reader import get_batch


def make_photos(root):
    folder = os.path.join(root, FLAGS.data_path)
    if not os.path.isdir(folder):
        os.makedirs(folder)
    rng = np.random.RandomState(278)
    lines = []
    with tf.Graph().as_default():
        pixels = tf.placeholder(tf.uint8, [FLAGS.image_height, FLAGS.image_width, 1])
        png = tf.image.encode_png(pixels)
        with tf.Session() as sess:
            for i in range(8):
                season = i % 2
                img = rng.randint(0, 60, size=(FLAGS.image_height, FLAGS.image_width, 1)) + 180 * (1 - season)
                name = 'bird_%d.png' % i
                with open(os.path.join(folder, name), 'wb') as f:
                    f.write(sess.run(png, {pixels: img.astype(np.uint8)}))
                lines.append('%s %d\n' % (name, season))
    with open(root + FLAGS.image_list, 'w') as f:
        f.writelines(lines)


def main(data_dir):
    root = os.path.join(data_dir, 'h78_pta') + '/'
    if not os.path.isdir(root):
        os.makedirs(root)
    make_photos(root)

    image_batch, label_batch = get_batch(root)
    brightness = tf.reduce_mean(image_batch, axis=[1, 2, 3])

    sess = tf.Session()
    sess.run(tf.global_variables_initializer())
    sess.run(tf.local_variables_initializer())
    coord = tf.train.Coordinator()
    threads = tf.train.start_queue_runners(sess=sess, coord=coord)
    batches = []
    try:
        while not coord.should_stop():
            b, l = sess.run([brightness, label_batch])
            batches.append([np.round(b.astype(np.float64), 2).tolist(), l.tolist()])
    except tf.errors.OutOfRangeError:
        print('epoch done')
    finally:
        coord.request_stop()
        coord.join(threads)
    sess.close()
    return {"batches": batches, "end": "birds: %d" % sum(len(b[1]) for b in batches)}
