"""3D volumes stored as .npy: the DataSetNPY class of npy34_lib turns a queue of subject ids into batches."""
import os

import numpy as np
import tensorflow.compat.v1 as tf

from npy34_lib import dataset
from npy34_lib.config import get


def main(data_dir):
    root = os.path.join(data_dir, "h34_brain")
    ids = dataset.write_volumes(root, 9)
    data = dataset.DataSetNPY(ids, os.path.join(root, get("DATA.IMAGES")), imageBatchDims=(-1, 2, 2, 2),
                              labelBaseString=os.path.join(root, get("DATA.LABELS")))
    imageOp, labelOp, namesOp = data.GetBatchOperations()
    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            for _ in range(10):
                images, labels, names = sess.run([imageOp, labelOp, namesOp])
                batches.append([np.round(images, 3).tolist(), labels.tolist(), [n.decode() for n in names]])
        except tf.errors.OutOfRangeError:
            print("subjects exhausted")
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": "volumes: %d batches" % len(batches)}
