#-*- coding: UTF-8 -*-

"""
读取二进制文件数据 -- bearing test rig, drive-end / fan-end acceleration pairs
One FixedLengthRecordReader of two float32 per record, shuffled file list, read one record per run.
"""

import os

import numpy as np
import tensorflow.compat.v1 as tf


def write_rig_files(out):
    rng = np.random.RandomState(38)
    names = []
    for n in range(2):
        name = os.path.join(out, "file%d.bin" % n)
        # 5 samples of (drive_end, fan_end) acceleration, float32 little-endian
        pairs = np.round(rng.uniform(-2.0, 2.0, size=(5, 2)), 3).astype(np.float32)
        pairs.tofile(name)
        names.append(name)
    return names


def main(data_dir):
    out = os.path.join(data_dir, "h38_bearing_vibration")
    os.makedirs(out, exist_ok=True)
    files = write_rig_files(out)

    # 将文件名传入列表
    filename_queue = tf.train.string_input_producer(files, shuffle=True, num_epochs=1)

    # 采用读取固定长度二进制数据的读取器，一次读取两个float类型的数据
    reader = tf.FixedLengthRecordReader(record_bytes=2 * 4)
    key, value = reader.read(filename_queue)

    # 将读入的数据按照float32的大小进行解码
    decode_value = tf.decode_raw(value, tf.float32)
    v1 = decode_value[0]
    v2 = decode_value[1]
    v_mul = tf.multiply(v1, v2)

    init_op = tf.global_variables_initializer()
    local_init_op = tf.local_variables_initializer()

    # 创建会话
    sess = tf.Session()

    # 初始化变量
    sess.run(init_op)
    sess.run(local_init_op)

    # 输入数据进入队列
    coord = tf.train.Coordinator()
    threads = tf.train.start_queue_runners(sess=sess, coord=coord)

    batches = []
    try:
        while not coord.should_stop():
            value1, value2, mul_result = sess.run([v1, v2, v_mul])
            print("%f\t%f\t%f" % (value1, value2, mul_result))
            batches.append([[round(float(value1), 5)], [round(float(value2), 5)], [round(float(mul_result), 5)]])
    except tf.errors.OutOfRangeError:
        print("Done trainging -- epoch limit reached")
    finally:
        coord.request_stop()

    # 等待现成结束
    coord.join(threads)
    sess.close()
    return {"batches": batches, "end": "vibration samples: %d" % len(batches)}
