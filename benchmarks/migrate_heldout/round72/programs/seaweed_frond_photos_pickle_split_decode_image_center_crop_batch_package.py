"""Seaweed frond photos: a zero-shot research loader (pickled split, decode_image, centre crop for testing)."""
import os
import pickle

import numpy as np
import tensorflow.compat.v1 as tf

from seaweed72_data import loader

IMG_SIZE = 4
BATCH_SIZE = 3


def write_split(folder):
    rng = np.random.RandomState(21)
    names, labels = [], []
    with tf.Graph().as_default():
        ph = tf.placeholder(tf.uint8, [None, None, 3])
        png = tf.image.encode_png(ph)
        with tf.Session() as sess:
            for i in range(6):
                h, w = 3 + i % 3, 5 - i % 2
                pixels = rng.randint(0, 255, size=(h, w, 3)).astype(np.uint8)
                path = os.path.join(folder, 'frond%d.png' % i)
                with open(path, 'wb') as f:
                    f.write(sess.run(png, {ph: pixels}))
                names.append(path)
                labels.append(i % 2)
    with open(os.path.join(folder, 'test.pkl'), 'wb') as f:
        pickle.dump({'filenames': names, 'labels': labels}, f)


def main(data_dir):
    folder = os.path.join(data_dir, 'h72_seaweed')
    os.makedirs(folder, exist_ok=True)
    write_split(folder)

    filenames, labels = loader.load_split(os.path.join(folder, 'test.pkl'))
    images, label_batch = loader.batch_processing(filenames, labels, IMG_SIZE, BATCH_SIZE,
                                                  shuffle=False, num_epochs=1)
    batches = []
    sess = tf.Session()
    sess.run(tf.local_variables_initializer())
    coord = tf.train.Coordinator()
    threads = tf.train.start_queue_runners(sess=sess, coord=coord)
    try:
        while True:
            im, lb = sess.run([images, label_batch])
            batches.append([np.round(im.mean(axis=3), 4).tolist(), lb.tolist()])
    except tf.errors.OutOfRangeError:
        pass
    coord.request_stop()
    coord.join(threads)
    sess.close()
    return {"batches": batches, "end": "fronds: %d" % (BATCH_SIZE * len(batches))}
