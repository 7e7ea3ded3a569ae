"""Batches of .npy volumes: a file-name queue dequeued many at a time, the names loaded by a py_func."""
import os

import numpy as np
import tensorflow.compat.v1 as tf

from npy34_lib.config import get


class DataSetNPY(object):
    """Reads batches of .npy data named by a list of ids; slower than TFRecords, simpler for 3D arrays."""

    def __init__(self, filenames, imageBaseString, imageBatchDims, labelBatchDims=(-1, 1),
                 labelBaseString=get("DATA.LABELS"), batchSize=get("DATA.BATCH"), maxItemsInQueue=100,
                 shuffle=False):
        self.filenames = filenames
        self.batchSize = batchSize
        self.imageBatchDims = imageBatchDims
        self.labelBatchDims = labelBatchDims
        self.imageBaseString = imageBaseString
        self.labelBaseString = labelBaseString
        stringQueue = tf.train.string_input_producer(filenames, shuffle=shuffle, capacity=maxItemsInQueue,
                                                     num_epochs=1)
        dequeueOp = stringQueue.dequeue_many(batchSize)
        self.dequeueOp = dequeueOp
        self.imageBatchOperation = tf.reshape(
            tf.py_func(self._loadImages, [dequeueOp], tf.float32), self.imageBatchDims)
        self.labelBatchOperation = tf.reshape(
            tf.py_func(self._loadLabels, [dequeueOp], tf.float32), self.labelBatchDims)

    def _loadImages(self, names):
        return np.stack([np.load(self.imageBaseString + n.decode() + ".npy") for n in names]).astype(np.float32)

    def _loadLabels(self, names):
        return np.stack([np.load(self.labelBaseString + n.decode() + ".npy") for n in names]).astype(np.float32)

    def GetBatchOperations(self):
        return self.imageBatchOperation, self.labelBatchOperation, self.dequeueOp


def write_volumes(root, n):
    os.makedirs(root, exist_ok=True)
    rng = np.random.RandomState(3)
    ids = []
    for i in range(n):
        ids.append("s%02d" % i)
        np.save(os.path.join(root, "vol_s%02d.npy" % i), rng.rand(2, 2, 2).round(3))
        np.save(os.path.join(root, "lab_s%02d.npy" % i), np.array([i % 2], np.float32))
    return ids
