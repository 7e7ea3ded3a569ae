# -*- coding: utf-8 -*-
# 트램 선로전환기 히터 : 온도 3점 + 결빙 여부
import os

import numpy as np
import tensorflow.compat.v1 as tf

from tram50_lib.data_loader import DataLoader
from tram50_lib.input_ops import input_ops

BATCH_SIZE = 4


def make_npy(out):
    if not os.path.exists(out):
        os.makedirs(out)
    rng = np.random.RandomState(5010)
    data = rng.randint(-8, 36, size=(10, 3)).astype(np.int32)
    label = (data.min(axis=1) < 0).astype(np.int64)
    np.save(os.path.join(out, 'heaters.npy'), data)
    np.save(os.path.join(out, 'icing.npy'), label)
    return os.path.join(out, 'heaters.npy'), os.path.join(out, 'icing.npy')


def main(data_dir):
    data_path, label_path = make_npy(os.path.join(data_dir, 'h50_tram_switch_heaters'))
    loader = DataLoader(data_path, label_path)
    data, label = loader.load()
    x_batch, y_batch = input_ops(data, label, BATCH_SIZE)

    batches = []
    with tf.Session() as sess:
        sess.run(tf.global_variables_initializer())
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            for epoch in range(100):
                if coord.should_stop():
                    break
                xb, yb = sess.run([x_batch, y_batch])
                batches.append([xb.tolist(), yb.tolist()])
        except tf.errors.OutOfRangeError:
            print('끝')
        finally:
            coord.request_stop()
            coord.join(threads)
    return {'batches': batches, 'end': 'heater readings: %d' % sum(len(b[1]) for b in batches)}
