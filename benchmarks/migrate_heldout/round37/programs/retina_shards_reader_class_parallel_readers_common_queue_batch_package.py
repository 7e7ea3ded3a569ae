"""Retinopathy-style record shards: a Dataset class and a tefla-like Reader whose parallel_reader runs several
TFRecordReaders into one RandomShuffleQueue, then tf.train.batch."""
import os

import numpy as np
import tensorflow.compat.v1 as tf

from dr37_lib.dataset import Dataset, write_shards
from dr37_lib.reader import Reader


def main(data_dir):
    folder = os.path.join(data_dir, "h37_retina")
    os.makedirs(folder, exist_ok=True)
    write_shards(folder)
    dataset = Dataset('retina', folder)
    reader = Reader(dataset, shuffle=True, num_readers=3, capacity=20, num_epochs=1)
    image, label, filename = reader.single_example()
    images, labels, filenames = tf.train.batch([image, label, filename], batch_size=4, capacity=16)

    batches = []
    with tf.Session() as sess:
        sess.run([tf.global_variables_initializer(), tf.local_variables_initializer()])
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                i, l, f = sess.run([images, labels, filenames])
                batches.append([np.round(i.astype(np.float64), 4).tolist(), l.tolist(), [x.decode() for x in f]])
        except tf.errors.OutOfRangeError:
            pass
        finally:
            coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": "fundus images: %d" % sum(len(b[1]) for b in batches)}
