"""Hedgehog photos (spiny / curled) through a student `input_data` module: `get_files` + `get_batch`, the most
common GitHub image-classifier layout (written from knowledge of that form; the training script imports
`input_data`, sets `N_CLASSES`, `IMG_W`, `IMG_H`, `BATCH_SIZE`, `CAPACITY`, and loops over steps).
Writer changes: PNGs made in a side graph, the producer gets `num_epochs=1` and a seed, two threads not 64."""
import os

import numpy as np
import tensorflow.compat.v1 as tf

from hedgehog77 import input_data

N_CLASSES = 2
IMG_W = 4
IMG_H = 4
BATCH_SIZE = 4
CAPACITY = 32
MAX_STEP = 100


def make_photos(train_dir):
    rng = np.random.RandomState(7703)
    g = tf.Graph()
    with g.as_default():
        pixels = tf.placeholder(tf.uint8, [5, 5, 3])
        png = tf.image.encode_png(pixels)
        with tf.Session(graph=g) as sess:
            for kind in ("spiny", "curled"):
                os.makedirs(os.path.join(train_dir, kind), exist_ok=True)
                for i in range(4):
                    data = sess.run(png, {pixels: rng.randint(0, 256, size=(5, 5, 3)).astype(np.uint8)})
                    with open(os.path.join(train_dir, kind, "%s.%d.png" % (kind, i)), "wb") as f:
                        f.write(data)


def main(data_dir):
    train_dir = os.path.join(data_dir, "h77_hedgehog", "train")
    make_photos(train_dir)
    np.random.seed(77)

    train, train_label = input_data.get_files(train_dir)
    train_batch, train_label_batch = input_data.get_batch(train, train_label, IMG_W, IMG_H, BATCH_SIZE, CAPACITY)

    batches = []
    sess = tf.Session()
    sess.run(tf.local_variables_initializer())
    coord = tf.train.Coordinator()
    threads = tf.train.start_queue_runners(sess=sess, coord=coord)
    try:
        for step in np.arange(MAX_STEP):
            if coord.should_stop():
                break
            images, labels = sess.run([train_batch, train_label_batch])
            batches.append([np.round(images, 3).tolist(), labels.tolist()])
    except tf.errors.OutOfRangeError:
        print("Done training -- epoch limit reached")
    finally:
        coord.request_stop()
    coord.join(threads)
    sess.close()
    return {"batches": batches, "end": "hedgehogs: %d" % sum(len(b[1]) for b in batches)}
