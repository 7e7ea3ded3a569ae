# -*- coding: utf-8 -*-
# 灯塔值守日志：每个分片一个 TFRecord 文件，i = 灯塔编号，j = 当班灯时
import os

import tensorflow.compat.v1 as tf


# 创建TFRecords文件的帮助函数
def _int64_feature(value):
    return tf.train.Feature(int64_list=tf.train.Int64List(value=[value]))


def write_shards(path_prefix):
    # 模拟海量数据情况下将数据写入不同的文件。num_shards定义了总共写入多少个文件
    # instances_per_shard定义了每个文件中有多少个数据
    num_shards = 2
    instances_per_shard = 4
    for i in range(num_shards):
        # 将数据分为多个文件时，可以将不同文件以类似0000n-of-0000m的后缀区分
        filename = (path_prefix + '-%.5d-of-%.5d' % (i, num_shards))
        writer = tf.python_io.TFRecordWriter(filename)
        for j in range(instances_per_shard):
            example = tf.train.Example(features=tf.train.Features(feature={
                'i': _int64_feature(i + 3),
                'j': _int64_feature(j * 6 + 10 + i)}))
            writer.write(example.SerializeToString())
        writer.close()


def main(data_dir):
    out = os.path.join(data_dir, 'h50_lighthouse_log_shards')
    if not os.path.exists(out):
        os.makedirs(out)
    write_shards(os.path.join(out, 'data.tfrecords'))

    # 获取文件列表
    files = tf.train.match_filenames_once(pattern=os.path.join(out, 'data.tfrecords-*'))
    # 创建输入队列
    filename_queue = tf.train.string_input_producer(tf.convert_to_tensor(files), shuffle=False)
    # 读取并解析文本
    reader = tf.TFRecordReader()
    _, serialized_example = reader.read(filename_queue)
    features = tf.parse_single_example(
        serialized=serialized_example,
        features={'i': tf.FixedLenFeature([], tf.int64),
                  'j': tf.FixedLenFeature([], tf.int64), })

    example, label = features['i'], features['j']

    batch_size = 3

    capacity = 1000 + 3 * batch_size

    example_batch, label_batch = tf.train.batch(tensors=[example, label],
                                                batch_size=batch_size,
                                                capacity=capacity)

    batches = []
    with tf.Session() as sess:
        # 全局变量初始化
        tf.global_variables_initializer().run()
        tf.local_variables_initializer().run()
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)

        for i in range(2):
            cur_example_batch, cur_label_batch = sess.run([example_batch, label_batch])
            print(cur_example_batch, cur_label_batch)
            batches.append([cur_example_batch.tolist(), cur_label_batch.tolist()])

        coord.request_stop()
        coord.join(threads=threads)
    return {"batches": batches, "end": "log entries: %d" % (len(batches) * batch_size)}
