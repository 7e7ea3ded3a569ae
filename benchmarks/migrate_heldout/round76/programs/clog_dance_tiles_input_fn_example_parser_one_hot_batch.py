#!/usr/bin/env python3
# -*- coding:utf-8 -*-
# Clog-dance floor tiles (2x2 RGB patches of wear, label 0 = worn, 1 = fresh).
# Written after a student `w_input_data.py`: an `input_fn(filename, batch_size=1, num_epochs=1)` with an inner
# `example_parser`, `img_raw` / `label`, `/ 255 - 0.5`, `one_hot(label, 2)`, runners started without a coordinator.
import os

import numpy as np
import tensorflow.compat.v1 as tf


def write_tiles(path):
    rng = np.random.RandomState(76)
    writer = tf.python_io.TFRecordWriter(path)
    for i in range(9):
        img = rng.randint(0, 256, size=(2, 2, 3)).astype(np.uint8)
        example = tf.train.Example(features=tf.train.Features(feature={
            'img_raw': tf.train.Feature(bytes_list=tf.train.BytesList(value=[img.tobytes()])),
            'label': tf.train.Feature(int64_list=tf.train.Int64List(value=[i % 2])),
        }))
        writer.write(example.SerializeToString())
    writer.close()


def input_fn(filename, batch_size=1, num_epochs=1):

    def example_parser(serialized_example):
        """Parses a single tf.Example into image and label tensors."""
        features = tf.parse_single_example(
            serialized_example,
            features={
                'img_raw': tf.FixedLenFeature([], tf.string),
                'label': tf.FixedLenFeature([], tf.int64),
            })
        image = tf.decode_raw(features['img_raw'], tf.uint8)
        image.set_shape([2 * 2 * 3])

        image = tf.cast(image, tf.float32) / 255 - 0.5
        label = tf.cast(features['label'], tf.int32)
        return image, tf.one_hot(label, 2)

    filename_queue = tf.train.string_input_producer([filename], num_epochs=num_epochs, shuffle=False)
    reader = tf.TFRecordReader()
    _, serialized_example = reader.read(filename_queue)
    image, label = example_parser(serialized_example)
    images, labels = tf.train.batch([image, label], batch_size=batch_size, capacity=batch_size * 3)
    return images, labels


def main(data_dir):
    out = os.path.join(data_dir, 'h76_clog')
    if not os.path.isdir(out):
        os.makedirs(out)
    path = os.path.join(out, 'train.tfrecords')
    write_tiles(path)

    img_batch, label_batch = input_fn(path, 3)
    batches = []
    with tf.Session() as sess:
        sess.run(tf.global_variables_initializer())
        sess.run(tf.local_variables_initializer())
        # 启动队列
        threads = tf.train.start_queue_runners(sess=sess)
        try:
            for i in range(10):
                val, l = sess.run([img_batch, label_batch])
                batches.append([np.round(val, 4).tolist(), l.tolist()])
        except tf.errors.OutOfRangeError:
            pass
    return {"batches": batches, "end": "tiles: %d" % sum(len(b[1]) for b in batches)}
