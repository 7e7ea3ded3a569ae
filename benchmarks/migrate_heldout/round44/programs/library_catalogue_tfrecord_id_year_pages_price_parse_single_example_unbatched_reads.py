# -*- coding: utf-8 -*-
import os
import tensorflow.compat.v1 as tf

# 图书馆目录记录: id, 出版年份, 页数, 价格, 索书号
RECORDS = [
    (1001, 1987, 312, 24.5, b"QE522 .S54"),
    (1002, 2003, 96, 12.0, b"P367 .W35"),
    (1003, 1969, 540, 41.25, b"CC75 .R46"),
    (1004, 2015, 208, 19.99, b"TP577 .P35"),
    (1005, 1994, 150, 8.75, b"GB2403 .P38"),
]


def write_stat(path):
    with tf.python_io.TFRecordWriter(path) as writer:
        for rid, year, pages, price, call in RECORDS:
            example = tf.train.Example(features=tf.train.Features(feature={
                'id': tf.train.Feature(int64_list=tf.train.Int64List(value=[rid])),
                'year': tf.train.Feature(int64_list=tf.train.Int64List(value=[year])),
                'pages': tf.train.Feature(int64_list=tf.train.Int64List(value=[pages])),
                'price': tf.train.Feature(float_list=tf.train.FloatList(value=[price])),
                'call_number': tf.train.Feature(bytes_list=tf.train.BytesList(value=[call])),
            }))
            writer.write(example.SerializeToString())


def main(data_dir):
    folder = os.path.join(data_dir, "h44_library_catalogue")
    if not os.path.isdir(folder):
        os.makedirs(folder)
    path = os.path.join(folder, 'catalogue.tfrecord')
    write_stat(path)
    # 创建文件名队列filename_queue
    filename_queue = tf.train.string_input_producer([path])
    # 创建读取TFRecords文件的reader
    reader = tf.TFRecordReader()
    # 取出catalogue.tfrecord文件中的一条序列化的样例serialized_example
    _, serialized_example = reader.read(filename_queue)
    # 将一条序列化的样例转换为其包含的所有特征张量
    features = tf.parse_single_example(
        serialized_example,
        features={
            'id': tf.FixedLenFeature([], tf.int64),
            'year': tf.FixedLenFeature([], tf.int64),
            'pages': tf.FixedLenFeature([], tf.int64),
            'price': tf.FixedLenFeature([], tf.float32),
            'call_number': tf.FixedLenFeature([], tf.string),
        }
    )
    batches = []
    sess = tf.Session()
    coord = tf.train.Coordinator()
    threads = tf.train.start_queue_runners(sess=sess, coord=coord)
    # 读出7条记录（文件只有5条，队列会循环）
    for i in range(7):
        rec = sess.run(features)
        batches.append([[int(rec['id'])], [int(rec['year'])], [int(rec['pages'])],
                        [round(float(rec['price']), 2)], [rec['call_number'].decode()]])
    coord.request_stop()
    coord.join(threads)
    sess.close()
    return {"batches": batches, "end": "records read: %d" % len(batches)}
