"""A TFoS-style reader in a package module: two part-file lists read in step by two readers (a zip), each
per-element tensor given to the module's log function inside `"...".format(t)`, a dead chain of two statements
(`total` then `scaled` of it); `from tensorflow.compat.v1 import train` beside `tensorflow.compat.v1 as tf`."""
import os

import tensorflow.compat.v1 as tf
from tensorflow.compat.v1 import train

COLS = 3


def print_log(worker_num, arg):
    return "%d: %s" % (worker_num, arg)


def read_csv_examples(image_dir, label_dir, batch_size, worker_num=0):
    images = sorted(tf.gfile.Glob(os.path.join(image_dir, 'part-*')))
    print_log(worker_num, "images: {0}".format(images))
    image_queue = train.string_input_producer(images, shuffle=False, num_epochs=1, name="image_queue")
    labels = sorted(tf.gfile.Glob(os.path.join(label_dir, 'part-*')))
    label_queue = train.string_input_producer(labels, shuffle=False, num_epochs=1, name="label_queue")
    img_reader = tf.TextLineReader(name="img_reader")
    _, img_csv = img_reader.read(image_queue)
    img = tf.stack(tf.decode_csv(img_csv, [[1.0] for _ in range(COLS)]))
    image = tf.div(img, tf.constant(255.0, shape=(COLS,)))
    print_log(worker_num, "image: {0}".format(image))
    total = tf.reduce_sum(image)
    scaled = total * 2.0
    label_reader = tf.TextLineReader(name="label_reader")
    _, label_csv = label_reader.read(label_queue)
    label = tf.stack(tf.decode_csv(label_csv, [[0.0], [0.0]]))
    print_log(worker_num, "label: %s" % label)
    return train.batch([image, label], batch_size, num_threads=1, name="batch_csv")
