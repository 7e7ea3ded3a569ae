"""ModelNet point clouds in TFRecords: a labelmap, a `parse(num_points)` closure, two shards, `shuffle_batch`."""
import os

import numpy as np
import tensorflow.compat.v1 as tf

from modelnet35_lib import records
from modelnet35_lib.labels import labelmap

NUM_POINT = 5
BATCH_SIZE = 4


def _feature_int(v):
    return tf.train.Feature(int64_list=tf.train.Int64List(value=[int(v)]))


def write_shards(root):
    rng = np.random.RandomState(35)
    names = sorted(labelmap)
    paths = []
    for shard in range(2):
        path = os.path.join(root, 'modelnet_train_%d.tfrecord' % shard)
        with tf.python_io.TFRecordWriter(path) as w:
            for i in range(4):
                rows = NUM_POINT + i % 3
                pts = np.round(rng.rand(rows, 3), 3).astype(np.float32)
                ex = tf.train.Example(features=tf.train.Features(feature={
                    'points': tf.train.Feature(bytes_list=tf.train.BytesList(value=[pts.tobytes()])),
                    'rows': _feature_int(rows),
                    'label': _feature_int(labelmap[names[(shard * 4 + i) % len(names)]]),
                }))
                w.write(ex.SerializeToString())
        paths.append(path)
    return paths


def main(data_dir):
    root = os.path.join(data_dir, 'h35_modelnet')
    os.makedirs(root, exist_ok=True)
    paths = write_shards(root)
    point_batch, label_batch = records.read(paths, NUM_POINT, BATCH_SIZE)
    batches = []
    sess = tf.Session()
    sess.run(tf.local_variables_initializer())
    coord = tf.train.Coordinator()
    threads = tf.train.start_queue_runners(sess=sess, coord=coord)
    try:
        while not coord.should_stop():
            p, l = sess.run([point_batch, label_batch])
            batches.append([np.round(p, 3).tolist(), l.tolist()])
    except tf.errors.OutOfRangeError:
        print('epoch done')
    finally:
        coord.request_stop()
        coord.join(threads)
    sess.close()
    return {"batches": batches, "end": "clouds: %d" % sum(len(b[1]) for b in batches)}
