"""Libretto pages: a framework-style batch module (chained_call transforms, batch_input_from_csv,
a reader FIFOQueue filled by several read_file threads, batch_join over preprocessing threads)."""
import os

import numpy as np
import tensorflow.compat.v1 as tf

from libretto72_io import batch_input_from_csv


def decode(raw):
    return tf.decode_raw(raw, tf.uint8)


def to_page(pixels):
    return tf.reshape(tf.cast(pixels, tf.float32) / 255., [2, 2])


def write_pages(folder):
    rng = np.random.RandomState(31)
    rows = []
    for i in range(8):
        name = 'page%d.bin' % i
        rng.randint(0, 255, size=4).astype(np.uint8).tofile(os.path.join(folder, name))
        rows.append('%s,%d\n' % (name, i % 3))
    with open(os.path.join(folder, 'pages.csv'), 'w') as f:
        f.writelines(rows)


def main(data_dir):
    folder = os.path.join(data_dir, 'h72_libretto')
    os.makedirs(folder, exist_ok=True)
    write_pages(folder)

    (pages, acts), num_classes = batch_input_from_csv(
        os.path.join(folder, 'pages.csv'), 4, transform_image=[decode, to_page],
        num_readers=2, num_preprocess_threads=2, num_epochs=1)
    batches = []
    with tf.Session() as sess:
        sess.run([tf.global_variables_initializer(), tf.local_variables_initializer()])
        n_classes = sess.run(num_classes)
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                p, a = sess.run([pages, acts])
                batches.append([np.round(p, 4).tolist(), a.tolist()])
        except tf.errors.OutOfRangeError:
            pass
        finally:
            coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": "pages: %d, classes: %d" % (4 * len(batches), n_classes)}
