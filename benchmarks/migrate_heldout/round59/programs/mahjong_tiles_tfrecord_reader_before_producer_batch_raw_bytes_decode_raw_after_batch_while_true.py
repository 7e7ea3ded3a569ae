# -*- coding: utf-8 -*-
# 麻将牌识别 -- 读取TFRecord数据 (mahjong tile recogniser, course project)
import os

import numpy as np
import tensorflow.compat.v1 as tf


def _make_records(path):
    rng = np.random.RandomState(59)
    writer = tf.python_io.TFRecordWriter(path)
    for i in range(9):
        tile = rng.randint(0, 256, size=(3, 2, 1)).astype(np.uint8)   # 3x2 grey tile crop
        suit = i % 3   # 0 bamboo 1 characters 2 circles
        ex = tf.train.Example(features=tf.train.Features(feature={
            'data': tf.train.Feature(bytes_list=tf.train.BytesList(value=[tile.tobytes()])),
            'label': tf.train.Feature(int64_list=tf.train.Int64List(value=[suit])),
        }))
        writer.write(ex.SerializeToString())
    writer.close()


def main(data_dir):
    folder = os.path.join(data_dir, 'h59_mahjong_tiles')
    if not os.path.isdir(folder):
        os.makedirs(folder)
    record_file = os.path.join(folder, 'mahjong_data.tfrecords')
    if not os.path.exists(record_file):
        _make_records(record_file)

    # 定义解析TFRecord文件操作
    reader = tf.TFRecordReader()
    filename_queue = tf.train.string_input_producer([record_file], num_epochs=1)

    _, serialized_example = reader.read(filename_queue)
    features = tf.parse_single_example(
        serialized_example,
        features={
            'data': tf.FixedLenFeature([], tf.string),
            'label': tf.FixedLenFeature([], tf.int64)
        })

    image = features['data']
    label = features['label']

    # 组合训练数据
    # 每个batch中样本量的大小
    batch_size = 3
    # 总容量
    capacity = 1000 + 3*batch_size
    image_batch0, label_batch = tf.train.batch([image, label], batch_size=batch_size, capacity=capacity)
    # 转化成图像处理可以识别的格式
    image_batch = tf.decode_raw(image_batch0, tf.uint8)
    image_batch = tf.reshape(image_batch, [-1, 3, 2, 1])

    batches = []
    # 创建对话
    with tf.Session() as sess:
        sess.run(tf.global_variables_initializer())
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        end = None
        while True:
            try:
                cur_example_batch, cur_label_batch = sess.run([image_batch, label_batch])
            except tf.errors.OutOfRangeError:
                end = 'OutOfRangeError'
                break
            # print(cur_example_batch, cur_label_batch)
            # print(np.shape(cur_example_batch))
            batches.append([cur_example_batch.tolist(), cur_label_batch.tolist()])
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": end}
