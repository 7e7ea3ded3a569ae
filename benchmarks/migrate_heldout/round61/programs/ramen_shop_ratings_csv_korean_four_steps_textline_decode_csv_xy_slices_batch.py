# -*- coding: utf-8 -*-
# Tensorflow : Loading data from files with Queue Runners (라면집 평점)
# 1. 파일의 리스트를 만든다  2. reader 생성  3. 파싱  4. 배치(batch)
import os
import numpy as np
import tensorflow.compat.v1 as tf


def _write(folder):
    rng = np.random.RandomState(61)
    os.makedirs(folder, exist_ok=True)
    names = []
    for part in range(2):
        name = os.path.join(folder, 'ramen-%d.csv' % part)
        with open(name, 'w') as f:
            for i in range(6):
                broth, noodle, price = rng.randint(1, 6), rng.randint(1, 6), rng.randint(6, 13)
                score = round((broth + noodle) / 2.0, 1)
                f.write('%d,%d,%d,%s\n' % (broth, noodle, price, score))
        names.append(name)
    return names


def main(data_dir):
    files = _write(os.path.join(data_dir, 'h61_ramen'))

    # 1. 파일의 리스트를 만든다
    filename_queue = tf.train.string_input_producer(files, shuffle=False, name='filename', num_epochs=1)

    # 2. 파일을 읽어 올 reader를 생성
    reader = tf.TextLineReader()
    key, value = reader.read(filename_queue)

    # 3. 파싱
    record_defaults = [[0.], [0.], [0.], [0.]]
    xy = tf.decode_csv(value, record_defaults=record_defaults)

    # 4. 배치(batch) -- 앞부분은 x, 뒷부분은 y
    train_x_batch, train_y_batch = tf.train.batch([xy[0:-1], xy[-1:]], batch_size=4)

    sess = tf.Session()
    sess.run(tf.global_variables_initializer())
    sess.run(tf.local_variables_initializer())
    coord = tf.train.Coordinator()
    threads = tf.train.start_queue_runners(sess=sess, coord=coord)

    batches = []
    step = 0
    try:
        while True:
            x_batch, y_batch = sess.run([train_x_batch, train_y_batch])
            batches.append([x_batch.tolist(), y_batch.tolist()])
            step += 1
    except tf.errors.OutOfRangeError:
        pass
    finally:
        coord.request_stop()
    coord.join(threads)
    sess.close()
    return {"batches": batches, "end": "steps: %d" % step}
