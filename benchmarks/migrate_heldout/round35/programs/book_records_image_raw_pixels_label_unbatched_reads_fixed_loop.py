# coding=utf-8
"""Book chapter 7 style: records with `image_raw` / `pixels` / `label`, read one by one in a fixed loop (no batch)."""
import os

import numpy as np
import tensorflow as tf


def _int64_feature(value):
    return tf.compat.v1.train.Feature(int64_list=tf.compat.v1.train.Int64List(value=[value]))


def _bytes_feature(value):
    return tf.compat.v1.train.Feature(bytes_list=tf.compat.v1.train.BytesList(value=[value]))


def main(data_dir):
    root = os.path.join(data_dir, "h35_records")
    os.makedirs(root, exist_ok=True)
    filename = os.path.join(root, "output.tfrecords")
    writer = tf.compat.v1.python_io.TFRecordWriter(filename)
    for index in range(4):
        image_raw = (np.arange(4) * (index + 1)).astype(np.uint8).tobytes()
        example = tf.compat.v1.train.Example(features=tf.compat.v1.train.Features(feature={
            'pixels': _int64_feature(4),
            'label': _int64_feature(index % 10),
            'image_raw': _bytes_feature(image_raw)}))
        writer.write(example.SerializeToString())
    writer.close()

    # 读取文件。
    reader = tf.compat.v1.TFRecordReader()
    filename_queue = tf.compat.v1.train.string_input_producer([filename])
    _, serialized_example = reader.read(filename_queue)

    # 解析读取的样例。
    features = tf.compat.v1.parse_single_example(
        serialized_example,
        features={
            'image_raw': tf.compat.v1.FixedLenFeature([], tf.string),
            'pixels': tf.compat.v1.FixedLenFeature([], tf.int64),
            'label': tf.compat.v1.FixedLenFeature([], tf.int64)
        })

    images = tf.compat.v1.decode_raw(features['image_raw'], tf.uint8)
    labels = tf.cast(features['label'], tf.int32)
    pixels = tf.cast(features['pixels'], tf.int32)

    sess = tf.compat.v1.Session()
    coord = tf.compat.v1.train.Coordinator()
    threads = tf.compat.v1.train.start_queue_runners(sess=sess, coord=coord)
    batches = []
    for i in range(6):
        image, label, pixel = sess.run([images, labels, pixels])
        batches.append([[image.tolist()], [int(label)], [int(pixel)]])
    coord.request_stop()
    coord.join(threads)
    sess.close()
    return {"batches": batches, "end": "reads: %d" % len(batches)}
