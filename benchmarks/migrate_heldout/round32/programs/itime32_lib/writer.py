import numpy as np
import tensorflow as tf


def write_sessions(path, n, seed):
    rng = np.random.RandomState(seed)
    with tf.io.TFRecordWriter(path) as w:
        for u in range(n):
            k = int(rng.randint(1, 6))
            items = rng.randint(1, 50, size=k).tolist()
            ex = tf.train.Example(features=tf.train.Features(feature={
                'len': tf.train.Feature(int64_list=tf.train.Int64List(value=[k])),
                'user': tf.train.Feature(int64_list=tf.train.Int64List(value=[100 + u])),
                'item_list': tf.train.Feature(int64_list=tf.train.Int64List(value=items)),
            }))
            w.write(ex.SerializeToString())
