"""Stem profiles as SequenceExamples (a length and tags in the context, two feature lists), and the drain of a
batch op until the end of data (a SparseTensorValue as its indices, values and dense shape)."""
import os

import numpy as np
import tensorflow.compat.v1 as tf


def write_stems(folder, count, start):
    """``count`` SequenceExamples of ``1 + (i * 3) % 5`` steps; ``i % 3`` tags in the context."""
    if not os.path.isdir(folder):
        os.makedirs(folder)
    path = os.path.join(folder, "stems.tfrecords")
    writer = tf.python_io.TFRecordWriter(path)
    for i in range(count):
        n = 1 + (i * 3) % 5
        ex = tf.train.SequenceExample()
        ex.context.feature["length"].int64_list.value.append(n)
        ex.context.feature["tags"].int64_list.value.extend([start + i * 10 + k for k in range(i % 3)])
        diam = ex.feature_lists.feature_list["diameters"]
        lab = ex.feature_lists.feature_list["labels"]
        for k in range(n):
            diam.feature.add().float_list.value.append(round(start + 40.0 - i - 2.5 * k, 2))
            lab.feature.add().int64_list.value.append(k % 3)
        writer.write(ex.SerializeToString())
    writer.close()
    return path


def _plain(v):
    if isinstance(v, tf.SparseTensorValue):
        return [v.indices.tolist(), np.asarray(v.values).tolist(), v.dense_shape.tolist()]
    return np.round(np.asarray(v).astype(np.float64), 4).tolist()


def drain(sess, batch_op):
    batches = []
    try:
        while True:
            values = sess.run(batch_op)
            batches.append([_plain(v) for v in values])
    except tf.errors.OutOfRangeError:
        pass
    return batches
