"""Fresco restoration: a super-resolution research data module (load_and_normalize(filename, LR=True),
convert_back, FLAGS) batching LR / HR PNG pairs by a two-thread shuffle_batch for one epoch."""
import os

import numpy as np
import tensorflow.compat.v1 as tf

from fresco72_sr import FLAGS
from fresco72_sr import data


def write_pairs(folder):
    rng = np.random.RandomState(12)
    for sub in ('LR', 'HR'):
        os.makedirs(os.path.join(folder, sub), exist_ok=True)
    with tf.Graph().as_default():
        ph = tf.placeholder(tf.uint8, [None, None, 3])
        png = tf.image.encode_png(ph)
        small = tf.image.resize_nearest_neighbor(ph[None], [FLAGS.lr_size, FLAGS.lr_size])[0]
        with tf.Session() as sess:
            for i in range(6):
                hr = rng.randint(0, 255, size=(FLAGS.hr_size, FLAGS.hr_size, 3)).astype(np.uint8)
                lr = sess.run(small, {ph: hr})
                with open(os.path.join(folder, 'HR', 'panel%d.png' % i), 'wb') as f:
                    f.write(sess.run(png, {ph: hr}))
                with open(os.path.join(folder, 'LR', 'panel%d.png' % i), 'wb') as f:
                    f.write(sess.run(png, {ph: lr}))


def main(data_dir):
    folder = os.path.join(data_dir, 'h72_fresco')
    os.makedirs(folder, exist_ok=True)
    write_pairs(folder)
    tf.set_random_seed(1)

    lr_batch, hr_batch = data.get_pair_batch(folder, num_epochs=1)
    hr_pixels = data.convert_back(hr_batch, LR=False)
    batches = []
    sess = tf.Session()
    sess.run([tf.global_variables_initializer(), tf.local_variables_initializer()])
    coord = tf.train.Coordinator()
    threads = tf.train.start_queue_runners(sess=sess, coord=coord)
    try:
        while not coord.should_stop():
            lr, hr = sess.run([lr_batch, hr_pixels])
            batches.append([np.round(lr.mean(axis=3), 4).tolist(), np.round(hr.mean(axis=(1, 2, 3)), 2).tolist()])
    except tf.errors.OutOfRangeError:
        pass
    finally:
        coord.request_stop()
    coord.join(threads)
    sess.close()
    return {"batches": batches, "end": "panels: %d" % (FLAGS.batch_size * len(batches))}
