import os

import numpy as np
import tensorflow as tf


class _Flages(object):
    """tf.app.flags as the script had them (a plain object, so the program can run twice in one process)"""
    # tf.app.flags.DEFINE_string("braille_dir", "./tfrecords/braille.tfrecords", "盲文卡片数据的路径")
    braille_dir = "./tfrecords/braille.tfrecords"
    # tf.app.flags.DEFINE_integer("batch_size", 100, "每批次训练的样本数")
    batch_size = 3
    # tf.app.flags.DEFINE_integer("label_num", 4, "每个样本的目标值数量")
    label_num = 4
    # tf.app.flags.DEFINE_integer("letter_num", 26, "每个目标值取的字母的可能心个数")
    letter_num = 26


FLAGES = _Flages()


def _write_cards(path):
    rng = np.random.RandomState(590)
    writer = tf.io.TFRecordWriter(path)
    for i in range(12):
        dots = rng.randint(0, 2, size=(3, 2, 4)).astype(np.uint8) * 255   # six dots of four cells
        word = rng.randint(0, 26, size=4).astype(np.uint8)
        ex = tf.train.Example(features=tf.train.Features(feature={
            'image': tf.train.Feature(bytes_list=tf.train.BytesList(value=[dots.tobytes()])),
            'label': tf.train.Feature(bytes_list=tf.train.BytesList(value=[word.tobytes()])),
        }))
        writer.write(ex.SerializeToString())
    writer.close()


def read_and_decode():
    """
    读取盲文卡片数据API
    :return: image_batch, label_batch
    """
    # 1、构建文件队列
    file_queue = tf.compat.v1.train.string_input_producer([FLAGES.braille_dir])

    # 2、构建阅读器，读取文件内容，默认一个样本
    reader = tf.compat.v1.TFRecordReader()

    # 读取内容
    key, value = reader.read(file_queue)

    # tfrecords格式example,需要解析
    features = tf.compat.v1.parse_single_example(value, features={
        'image': tf.compat.v1.FixedLenFeature([], tf.string),
        'label': tf.compat.v1.FixedLenFeature([], tf.string),
    })
    # 解码内容，字符串内容
    # 1、先解析图片的特征值
    image = tf.compat.v1.decode_raw(features['image'], tf.uint8)
    # 1、先解析图片的目标值
    label = tf.compat.v1.decode_raw(features['label'], tf.uint8)

    #改变型状
    image_reshape=tf.reshape(image,[3,2,4])

    label_reshape=tf.reshape(label,[FLAGES.label_num])

    # 进行批处理,每批次读取的样本数 100, 也就是每次训练时候的样本
    image_batch,label_batch=tf.compat.v1.train.batch([image_reshape,label_reshape],batch_size=FLAGES.batch_size,num_threads=1,capacity=FLAGES.batch_size * 4)

    return   image_batch,label_batch


def braille__rec():
    """
    盲文识别程序
    :return:
    """

    # 1、读取盲文卡片的数据文件 label_btch [3 ,4]
    image_batch, label_batch=read_and_decode()

    # 2、目标值转换成one-hot编码 [3, 4, 26]
    y_true = tf.one_hot(label_batch, depth=FLAGES.letter_num, on_value=1.0, axis=2)
    x = tf.reshape(tf.cast(image_batch, tf.float32) / 255.0, [FLAGES.batch_size, 3 * 2 * 4])

    out = []
    with tf.compat.v1.Session() as sess:
        sess.run(tf.compat.v1.global_variables_initializer())
        coord = tf.compat.v1.train.Coordinator()
        threads = tf.compat.v1.train.start_queue_runners(sess, coord=coord)
        i = 0
        while not coord.should_stop() and i < 4:
            xs, ys, letters = sess.run([x, y_true, label_batch])
            out.append([xs.tolist(), np.argmax(ys, axis=2).tolist(), letters.tolist()])
            i += 1
        coord.request_stop()
        coord.join(threads)
    return out


def main(data_dir):
    folder = os.path.join(data_dir, 'h59_braille_cards')
    if not os.path.isdir(folder):
        os.makedirs(folder)
    FLAGES.braille_dir = os.path.join(folder, 'braille.tfrecords')
    if not os.path.exists(FLAGES.braille_dir):
        _write_cards(FLAGES.braille_dir)
    batches = braille__rec()
    return {"batches": batches, "end": "4 steps of 3 cards"}
