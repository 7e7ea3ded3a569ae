# -*- coding: utf-8 -*-
import tensorflow as tf


def _read_and_decode(tfrecord, width, height):
    # 根据文件名生成一个队列
    filename_queue = tf.compat.v1.train.string_input_producer([tfrecord], num_epochs=1)

    reader = tf.compat.v1.TFRecordReader()
    _, serialized_example = reader.read(filename_queue)   # 返回文件名和文件
    features = tf.compat.v1.parse_single_example(serialized_example,
                                                 features={
                                                     'label': tf.compat.v1.FixedLenFeature([], tf.int64),
                                                     'routine': tf.compat.v1.FixedLenFeature([], tf.int64),
                                                     'img_raw': tf.compat.v1.FixedLenFeature([], tf.string),
                                                 })

    img = tf.compat.v1.decode_raw(features['img_raw'], tf.uint8)
    img = tf.reshape(img, [height, width, 1])
    img = tf.cast(img, tf.float32) * (1. / 255) - 0.5
    label = tf.cast(features['label'], tf.int32)
    routine = tf.cast(features['routine'], tf.int32)

    return img, label, routine
