"""Pose records: an image crop, joint coordinates and the indices of visible joints."""
import os

import numpy as np
import tensorflow as tf

NUM_JOINTS = 3


def write_shards(root, per_shard=(5, 7)):
    os.makedirs(root, exist_ok=True)
    paths, idx = [], 0
    for s, n in enumerate(per_shard):
        path = os.path.join(root, "train-%05d.tfrecord" % s)
        with tf.io.TFRecordWriter(path) as w:
            for _ in range(n):
                img = np.full((3, 3, 1), idx, np.uint8)
                xs = [float(idx + j) for j in range(NUM_JOINTS)]
                ys = [float(idx * 2 - j) for j in range(NUM_JOINTS)]
                feat = {
                    "image_jpeg": tf.train.Feature(bytes_list=tf.train.BytesList(value=[img.tobytes()])),
                    "joint_indices": tf.train.Feature(int64_list=tf.train.Int64List(value=[0, 1, 2])),
                    "x_joints": tf.train.Feature(float_list=tf.train.FloatList(value=xs)),
                    "y_joints": tf.train.Feature(float_list=tf.train.FloatList(value=ys)),
                    "id": tf.train.Feature(int64_list=tf.train.Int64List(value=[idx])),
                }
                w.write(tf.train.Example(features=tf.train.Features(feature=feat)).SerializeToString())
                idx += 1
        paths.append(path)
    return paths
