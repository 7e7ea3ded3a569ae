"""Inception's input shape: a Dataset object gives the files and the reader; a helper in another module builds a
RandomShuffleQueue filled by several readers, one dequeue shared by four preprocessing lists, and `batch_join`;
read to the end under `MonitoredSession`."""

import glob
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import tensorflow.compat.v1 as tf

from inception_lib import image_processing


class RecordsDataset(object):
    def __init__(self, name, subset, data_dir):
        self.name = name
        self.subset = subset
        self.data_dir = data_dir

    def data_files(self):
        files = sorted(glob.glob(os.path.join(self.data_dir, "records-*.tfrecord")))
        return files or None

    def reader(self):
        return tf.TFRecordReader()


def main(data_dir):
    dataset = RecordsDataset("records", "train", data_dir)
    images, labels = image_processing.batch_inputs(dataset, batch_size=25, train=True,
                                                   num_preprocess_threads=4, num_readers=2, num_epochs=2)
    logits = tf.reduce_sum(images, axis=1)
    batches = []
    end = None
    with tf.train.MonitoredSession() as sess:
        try:
            while not sess.should_stop():
                imgs, labs, _ = sess.run([images, labels, logits])
                batches.append([imgs.tolist(), labs.tolist()])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
    return {"batches": batches, "end": end}
