import numpy as np
import tensorflow.compat.v1 as tf


class DataSetNPY(object):
    def __init__(self,
                 filenames,
                 imageBaseString,
                 imageBatchDims,
                 labelBatchDims=(-1, 1),
                 labelBaseString=None,
                 batchSize=4,
                 maxItemsInQueue=32,
                 shuffle=False):
        self.imageBaseString = imageBaseString
        self.labelBaseString = labelBaseString
        stringQueue = tf.train.string_input_producer(filenames, shuffle=shuffle,
                                                     capacity=maxItemsInQueue, num_epochs=1)
        dequeueOp = stringQueue.dequeue_many(batchSize)
        self.dequeueOp = dequeueOp
        self.imageBatchOperation = tf.reshape(
            tf.py_func(self._loadImages, [dequeueOp], tf.float32),
            imageBatchDims)
        self.labelBatchOperation = tf.reshape(
            tf.py_func(self._loadLabels, [dequeueOp], tf.float32),
            labelBatchDims)

    def _loadImages(self, x):
        images = []
        for name in x:
            images.append(np.load(self.imageBaseString + name.decode('utf-8') + '.npy').astype(np.float32))
        return np.array(images, dtype=np.float32)

    def _loadLabels(self, x):
        labels = []
        for name in x:
            labels.append(np.load(self.labelBaseString + name.decode('utf-8') + '.npy').astype(np.float32))
        return np.array(labels, dtype=np.float32)

    def GetBatchOperations(self):
        return self.imageBatchOperation, self.labelBatchOperation
