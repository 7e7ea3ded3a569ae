# coding=utf-8
"""从TFRecord文件中读取每局比赛的统计数据 (kills / deaths / gold per round)."""
import os

import numpy as np
import tensorflow.compat.v1 as tf


def write_shards(folder):
    if not os.path.isdir(folder):
        os.makedirs(folder)
    rng = np.random.RandomState(4610)
    names = []
    for shard in range(2):
        name = os.path.join(folder, "rounds-%d.tfrecords" % shard)
        writer = tf.python_io.TFRecordWriter(name)
        for i in range(5):
            stats = rng.randint(0, 30, size=3).astype(np.int16)
            example = tf.train.Example(features=tf.train.Features(feature={
                'stats_raw': tf.train.Feature(bytes_list=tf.train.BytesList(value=[stats.tobytes()])),
                'round': tf.train.Feature(int64_list=tf.train.Int64List(value=[shard * 5 + i])),
                'won': tf.train.Feature(int64_list=tf.train.Int64List(value=[int(rng.rand() < 0.5)]))}))
            writer.write(example.SerializeToString())
        writer.close()
        names.append(name)
    return names


def main(data_dir):
    files = write_shards(os.path.join(data_dir, "h46_esports_rounds"))

    # 创建一个reader来读取TFRecord文件中的样例
    reader = tf.TFRecordReader()
    # 创建一个队列来维护输入文件列表
    filename_queue = tf.train.string_input_producer(files)
    # 从文件中读取一个样例
    _, serialized_example = reader.read(filename_queue)
    # 解析读入的一个样例
    features = tf.parse_single_example(
        serialized_example,
        features={
            'stats_raw': tf.FixedLenFeature([], tf.string),
            'round': tf.FixedLenFeature([], tf.int64),
            'won': tf.FixedLenFeature([], tf.int64),
        })

    # tf.decode_raw 可以将字符串解析成对应的数组
    stats = tf.decode_raw(features['stats_raw'], tf.int16)
    rounds = tf.cast(features['round'], tf.int32)
    won = tf.cast(features['won'], tf.int32)

    sess = tf.Session()
    # 启动多线程处理输入数据
    coord = tf.train.Coordinator()
    threads = tf.train.start_queue_runners(sess=sess, coord=coord)

    out = []
    # 每次运行可以读取TFRecord文件中的一个样例。当所有样例读取完成之后，程序会在重头读取
    for i in range(10):
        stat, rnd, w = sess.run([stats, rounds, won])
        out.append([[stat.tolist()], [int(rnd)], [int(w)]])
    coord.request_stop()
    coord.join(threads)
    return {"batches": out, "end": "rounds: %d" % len(out)}
