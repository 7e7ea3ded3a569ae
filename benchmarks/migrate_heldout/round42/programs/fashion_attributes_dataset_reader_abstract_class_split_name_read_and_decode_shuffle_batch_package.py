"""
    Train a garment attribute classifier on DeepFashion-like TFRecords.
"""
import os
import time

import numpy as np
import tensorflow.compat.v1 as tf

from fashion42_lib.dataset_reader import DeepFashionReader
from fashion42_lib.write_records import write_split

IMG_HEIGHT = 3
IMG_WIDTH = 2
ANNOT_DIMS = 4
BATCH_SIZE = 4


def main(data_dir):
    path_to_tfrecords = os.path.join(data_dir, 'h42_fashion_attributes')
    write_split(path_to_tfrecords, 'deepfashion', 'train', 12, IMG_HEIGHT, IMG_WIDTH, seed=4207)

    reader = DeepFashionReader('deepfashion', path_to_tfrecords, IMG_HEIGHT, IMG_WIDTH, ANNOT_DIMS)
    images, annotations, names = reader.next_batch('train', BATCH_SIZE)

    init_op = tf.group(tf.global_variables_initializer(), tf.local_variables_initializer())
    batches = []
    start = time.time()
    with tf.Session() as sess:
        sess.run(init_op)
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(coord=coord)
        try:
            step = 0
            while not coord.should_stop():
                img, annot, nm = sess.run([images, annotations, names])
                batches.append([np.round(img.astype(np.float64), 4).tolist(), annot.tolist(),
                                [n.decode() for n in nm]])
                step += 1
        except tf.errors.OutOfRangeError:
            duration = time.time() - start
        finally:
            coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": "garments: %d" % sum(len(b[2]) for b in batches)}
