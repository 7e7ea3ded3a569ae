import numpy as np
import tensorflow.compat.v1 as tf


def write_split(base_path, split_name, n, seed):
    rng = np.random.RandomState(seed)
    paths = []
    for i in range(n):
        path = base_path / ("%s_%02d.tfrecords" % (split_name, i))
        with tf.python_io.TFRecordWriter(str(path)) as writer:
            raw = rng.uniform(-1, 1, 6).astype(np.float32)
            mfcc = rng.uniform(0, 1, 4).astype(np.float32)
            ex = tf.train.Example(features=tf.train.Features(feature={
                "raw_audio": tf.train.Feature(bytes_list=tf.train.BytesList(value=[raw.tobytes()])),
                "mfcc": tf.train.Feature(float_list=tf.train.FloatList(value=mfcc.tolist())),
                "labels": tf.train.Feature(float_list=tf.train.FloatList(value=[float(i % 4) / 4.0, 0.5])),
                "subject_id": tf.train.Feature(int64_list=tf.train.Int64List(value=[100 + i % 3])),
                "word": tf.train.Feature(bytes_list=tf.train.BytesList(value=[("word%d" % (i % 5)).encode()])),
            }))
            writer.write(ex.SerializeToString())
        paths.append(str(path))
    with open(str(base_path / ("%s_set.csv" % split_name)), "w") as f:
        f.write("\n".join(paths) + "\n")
