# Held-out round 71: croquet mallet strokes (stroke features, distance reached) stored as GZIP-compressed
# TFRecord shards and read by a Cloud ML Engine style ``trainer`` package (``croquet71_trainer``: a ``config``
# module of constants, ``model.build_input_fn(mode)`` returning ``_input_fn(data_dir, batch_size)``). The task
# script calls the input function and drives it in a ``MonitoredSession`` until the input ends.
# Writer changes: tiny seeded shards; the estimator is replaced by a plain fetch loop.
import os

import numpy as np
import tensorflow.compat.v1 as tf
from tensorflow.python.lib.io.tf_record import TFRecordCompressionType

from croquet71_trainer import model
from croquet71_trainer.config import FEAT_LEN


def _write_shards(folder):
    os.makedirs(folder, exist_ok=True)
    rng = np.random.RandomState(71)
    options = tf.python_io.TFRecordOptions(compression_type=TFRecordCompressionType.GZIP)
    for shard in range(2):
        path = os.path.join(folder, 'train-%05d-of-00002.tfrecord.gz' % shard)
        with tf.python_io.TFRecordWriter(path, options=options) as writer:
            for i in range(6):
                feat = np.round(rng.uniform(0, 1, size=FEAT_LEN), 3).tolist()
                example = tf.train.Example(features=tf.train.Features(feature={
                    'id': tf.train.Feature(bytes_list=tf.train.BytesList(value=[b'stroke-%d-%02d' % (shard, i)])),
                    'label': tf.train.Feature(float_list=tf.train.FloatList(value=[round(sum(feat), 3)])),
                    'feat': tf.train.Feature(float_list=tf.train.FloatList(value=feat)),
                }))
                writer.write(example.SerializeToString())


def main(data_dir):
    tfrecord_dir = os.path.join(data_dir, 'h71_croquet')
    _write_shards(tfrecord_dir)

    train_input_fn = model.build_input_fn('train')
    features, label = train_input_fn(data_dir=tfrecord_dir)

    batches = []
    with tf.train.MonitoredSession() as sess:
        while not sess.should_stop():
            f, l = sess.run([features, label])
            batches.append([[s.decode() for s in f['id']], np.round(f['feat'], 3).tolist(),
                            np.round(l, 3).tolist()])
    return {"batches": batches, "end": "strokes: %d" % sum(len(b[0]) for b in batches)}
