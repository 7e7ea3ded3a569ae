# Tortilla stack photos (3x3 PNGs) with the stack's price, listed in a structured train_data.npy.
import os

import numpy as np
import tensorflow.compat.v1 as tf

from tortilla76_model import read_data


def make_data(out):
    rng = np.random.RandomState(76)
    rows = []
    with tf.Graph().as_default(), tf.Session() as s:
        ph = tf.placeholder(tf.uint8, [3, 3, 3])
        enc = tf.image.encode_png(ph)
        for i in range(6):
            path = os.path.join(out, 'stack_%02d.png' % i)
            with open(path, 'wb') as f:
                f.write(s.run(enc, {ph: rng.randint(0, 256, (3, 3, 3)).astype(np.uint8)}))
            rows.append((path, 1.5 + 0.25 * i))
    arr = np.array(rows, dtype=[('dir', 'U200'), ('price', 'f4')])
    np.save(os.path.join(out, 'train_data.npy'), arr)


def main(data_dir):
    out = os.path.join(data_dir, 'h76_tortilla')
    if not os.path.isdir(out):
        os.makedirs(out)
    make_data(out)
    images, labels = read_data.load(os.path.join(out, 'train_data.npy'))
    batches = []
    with tf.Session() as sess:
        sess.run([tf.global_variables_initializer(), tf.local_variables_initializer()])
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                img, lab = sess.run([images, labels])
                batches.append([img.tolist(), np.round(lab, 3).tolist()])
        except tf.errors.OutOfRangeError:
            pass
        finally:
            coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": "stacks: %d" % sum(len(b[1]) for b in batches)}
