# -*- coding: utf-8 -*-
# 猫狗分类: 从两个 tfrecords 文件读取 (cat / dog), 用 shuffle_batch 随机打乱
import os

import numpy as np
import tensorflow.compat.v1 as tf

mdir = 'h42_pets_cat_dog'
# train.txt
# val.txt
# test.txt
file = 'train'


def _write_records(root):
    rng = np.random.RandomState(4201)
    for label, animal in enumerate(['cat', 'dog']):
        path = os.path.join(root, file + '.' + animal + '.tfrecords')
        with tf.python_io.TFRecordWriter(path) as writer:
            for i in range(6):
                img = rng.randint(0, 256, size=(3, 3, 3)).astype(np.uint8)
                example = tf.train.Example(features=tf.train.Features(feature={
                    'label': tf.train.Feature(int64_list=tf.train.Int64List(value=[label])),
                    'img_raw': tf.train.Feature(bytes_list=tf.train.BytesList(value=[img.tobytes()])),
                }))
                writer.write(example.SerializeToString())


def read_and_decode(filename):
    #根据文件名生成一个队列
    filename_queue = tf.train.string_input_producer(filename, shuffle=True, num_epochs=1)
    reader = tf.TFRecordReader()
    _, serialized_example = reader.read(filename_queue)   #返回文件名和文件
    features = tf.parse_single_example(serialized_example,
                                       features={
                                           'label': tf.FixedLenFeature([], tf.int64),
                                           'img_raw' : tf.FixedLenFeature([], tf.string),
                                       })

    img = tf.decode_raw(features['img_raw'], tf.uint8)
    img = tf.reshape(img, [3, 3, 3])
    img = tf.cast(img, tf.float32) * (1. / 255) - 0.5
    label = tf.cast(features['label'], tf.int32)

    return img, label


def main(data_dir):
    root = os.path.join(data_dir, mdir)
    if not os.path.isdir(root):
        os.makedirs(root)
    _write_records(root)

    img, label = read_and_decode([os.path.join(root, file + '.cat.tfrecords'),
                                  os.path.join(root, file + '.dog.tfrecords')])

    #使用shuffle_batch可以随机打乱输入
    img_batch, label_batch = tf.train.shuffle_batch([img, label], num_threads=2,
                                                    batch_size=4, capacity=20,
                                                    min_after_dequeue=8)
    init = tf.initialize_all_variables()
    init_local = tf.local_variables_initializer()  # num_epochs 需要初始化局部变量

    batches = []
    avgs = []
    with tf.Session() as sess:
        sess.run(init)
        sess.run(init_local)
        threads = tf.train.start_queue_runners(sess=sess)
        try:
            for i in range(300):
                val, l = sess.run([img_batch, label_batch])
                #我们也可以根据需要对val， l进行处理
                #l = to_categorical(l, 12)
                avg = sum(l)
                avgs.append(avg / len(l))
                batches.append([np.round(val.astype(np.float64), 4).tolist(), l.tolist()])
        except tf.errors.OutOfRangeError:
            pass
        sess.close()
    return {"batches": batches, "end": "pets: %d" % sum(len(b[1]) for b in batches)}
