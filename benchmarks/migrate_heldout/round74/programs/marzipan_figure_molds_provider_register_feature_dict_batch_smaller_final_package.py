"""Marzipan figure moulds: a company data-access layer (`DataProvider(files)` with chained
`register_feature(key, spec)` calls, a name-scoped producer + TFRecordReader, a dict `train.batch` with
`allow_smaller_final_batch=True`); 7 records in batches of 3, the last batch of 1."""
import os

import numpy as np
import tensorflow.compat.v1 as tf

from marzipan74_io.provider import DataProvider


def write_shard(data_dir):
    root = os.path.join(data_dir, "h74_marzipan")
    os.makedirs(root, exist_ok=True)
    rng = np.random.RandomState(7411)
    path = os.path.join(root, "molds-0.tfrecord")
    with tf.python_io.TFRecordWriter(path) as w:
        for i in range(7):
            ex = tf.train.Example(features=tf.train.Features(feature={
                'mold_id': tf.train.Feature(int64_list=tf.train.Int64List(value=[100 + i])),
                'shape': tf.train.Feature(bytes_list=tf.train.BytesList(value=[[b"pig", b"rose", b"fruit"][i % 3]])),
                'grams': tf.train.Feature(float_list=tf.train.FloatList(value=rng.uniform(5, 30, 2).tolist()))}))
            w.write(ex.SerializeToString())
    return [path]


def main(data_dir):
    provider = DataProvider(write_shard(data_dir), name='molds')
    provider.register_feature('mold_id', tf.FixedLenFeature([], tf.int64)) \
            .register_feature('shape', tf.FixedLenFeature([], tf.string)) \
            .register_feature('grams', tf.FixedLenFeature([2], tf.float32))
    batch = provider.batch(3, num_epochs=1)
    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                b = sess.run(batch)
                batches.append([b['mold_id'].tolist(), [s.decode() for s in b['shape']],
                                np.round(b['grams'], 3).tolist()])
        except tf.errors.OutOfRangeError:
            pass
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": "molds: %d" % sum(len(b[0]) for b in batches)}
