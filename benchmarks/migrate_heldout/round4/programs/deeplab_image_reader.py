"""Segmentation training shape: an ImageReader class (another module) built under `tf.name_scope("create_inputs")`
from a list file the program writes; the loop runs until the reader's epochs end."""

import os as _os
import sys as _sys

_sys.path.insert(0, _os.path.dirname(_os.path.abspath(__file__)))

import os

import tensorflow.compat.v1 as tf

from segmentation_lib.image_reader import ImageReader

INPUT_SIZE = (4, 4)


def write_list(data_dir):
    path = os.path.join(data_dir, "heldout4_train_list.txt")
    with open(path, "w") as f:
        for i in range(6):
            f.write("image-%d.png %d\n" % (i, 10 + i))
    return path


def main(data_dir):
    data_list = write_list(data_dir)
    coord = tf.train.Coordinator()
    with tf.name_scope("create_inputs"):
        reader = ImageReader(data_dir, data_list, INPUT_SIZE, False, coord)
        image_batch, label_batch = reader.dequeue(2)
    init = [tf.global_variables_initializer(), tf.local_variables_initializer()]
    batches = []
    end = None
    sess = tf.Session()
    sess.run(init)
    threads = tf.train.start_queue_runners(coord=coord, sess=sess)
    try:
        for step in range(100):
            images, labels = sess.run([image_batch, label_batch])
            batches.append([[[round(v, 5) for v in img.reshape(-1).tolist()] for img in images],
                            labels.tolist()])
    except tf.errors.OutOfRangeError:
        end = "OutOfRangeError"
    coord.request_stop()
    coord.join(threads)
    sess.close()
    return {"batches": batches, "end": end}
