"""LSTM price regression fed with sliding windows by an enqueue thread."""
import os

import numpy as np
from tensorflow.compat import v1 as tf

from ts31_lib.dataset import StockDataset
from ts31_lib import feeding


class Config(object):
    window_size = 4
    batch_size = 4
    num_epoch = 1
    enqueue_size = 6
    hidden = 3


def write_prices(path):
    rng = np.random.RandomState(2017)
    close = 100 + np.cumsum(rng.randint(-3, 4, size=20))
    volume = rng.randint(10, 99, size=20)
    with open(path, 'w') as f:
        f.write('date,close,volume\n')
        for i in range(20):
            f.write('2017-01-%02d,%d,%d\n' % (i + 1, close[i], volume[i]))


def main(data_dir):
    config = Config()
    folder = os.path.join(data_dir, 'h31_stock_windows')
    os.makedirs(folder, exist_ok=True)
    csv_path = os.path.join(folder, 'prices.csv')
    write_prices(csv_path)
    dataset = StockDataset(csv_path, config.window_size)

    placeholders = feeding.make_placeholders(config.window_size)
    queue, enqueue_op, close_op = feeding.make_queue(placeholders)
    inputs = dict(zip(placeholders.keys(), queue.dequeue_many(config.batch_size)))

    w = tf.get_variable('w', [config.window_size, 1], initializer=tf.constant_initializer(0.25))
    prediction = tf.squeeze(tf.matmul(inputs['window'], w), 1)
    loss = tf.reduce_mean(tf.square(prediction - inputs['target']))

    batches = []
    coord = tf.train.Coordinator()
    with tf.Session() as sess:
        sess.run(tf.global_variables_initializer())
        thread = feeding.enqueue(sess, enqueue_op, close_op, placeholders, dataset, coord,
                                 config.num_epoch, config.enqueue_size)
        try:
            while True:
                window, volume, target, l = sess.run([inputs['window'], inputs['volume'],
                                                      inputs['target'], loss])
                batches.append({'window': np.round(window.astype(np.float64), 4).tolist(), 'volume': volume.tolist(),
                                'target': np.round(target.astype(np.float64), 4).tolist(), 'loss': round(float(l), 4)})
        except tf.errors.OutOfRangeError:
            end = 'queue closed after %d batches' % len(batches)
        coord.request_stop()
        coord.join([thread])
    return {'batches': batches, 'end': end}
