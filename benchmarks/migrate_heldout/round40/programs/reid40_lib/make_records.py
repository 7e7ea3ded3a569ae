# Writes train / query / gallery crops of people seen by the corridor cameras as TFRecords.
import numpy as np
import tensorflow as tf

H, W, C = 4, 2, 3


def _int64_feature(value):
    return tf.train.Feature(int64_list=tf.train.Int64List(value=[int(value)]))


def _bytes_feature(value):
    return tf.train.Feature(bytes_list=tf.train.BytesList(value=[value]))


def write_split(filename, rows, seed):
    rng = np.random.RandomState(seed)
    writer = tf.io.TFRecordWriter(filename)
    for label, cam_num, real_id in rows:
        img = rng.randint(0, 255, size=(H, W, C)).astype(np.uint8)
        example = tf.train.Example(features=tf.train.Features(feature={
            'label': _int64_feature(label),
            'img_raw': _bytes_feature(img.tobytes()),
            'cam_num': _int64_feature(cam_num),
            'real_id': _int64_feature(real_id),
        }))
        writer.write(example.SerializeToString())
    writer.close()
