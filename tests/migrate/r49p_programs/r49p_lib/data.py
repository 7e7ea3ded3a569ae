"""Records of uneven length for the r49p programs, and the drain of a batch op until the end of data."""
import os

import numpy as np
import tensorflow.compat.v1 as tf


def write_gauges(folder, count, width, start):
    """``count`` SequenceExamples, each ``2 + i % 4`` steps of ``width`` values, an id in its context."""
    if not os.path.isdir(folder):
        os.makedirs(folder)
    path = os.path.join(folder, "gauges.tfrecord")
    rng = np.random.RandomState(start)
    writer = tf.python_io.TFRecordWriter(path)
    for i in range(count):
        n = 2 + i % 4
        ex = tf.train.SequenceExample()
        ex.context.feature["length"].int64_list.value.append(n)
        ex.context.feature["station"].int64_list.value.append(start + i)
        fl = ex.feature_lists.feature_list["data"]
        for _ in range(n):
            fl.feature.add().float_list.value.extend(np.round(rng.uniform(-1, 1, size=width), 2).tolist())
        writer.write(ex.SerializeToString())
    writer.close()
    return path


def drain(sess, batch_op):
    batches = []
    try:
        while True:
            values = sess.run(batch_op)
            batches.append([np.round(np.asarray(v).astype(np.float64), 4).tolist() for v in values])
    except tf.errors.OutOfRangeError:
        pass
    return batches
