"""A FIFOQueue used as an in-memory buffer: filled once by a fed enqueue_many (no runner, no thread),
drained with dequeue_many while `size()` allows a full batch, the rest by dequeue_up_to after close()."""
import json
import os

import numpy as np
import tensorflow.compat.v1 as tf
from tensorflow.python.ops import data_flow_ops

BATCH = 5


def load_inventory(path):
    with open(path) as f:
        items = json.load(f)['items']
    skus = np.array([it['sku'] for it in items])
    counts = np.array([it['on_hand'] for it in items], dtype=np.int32)
    prices = np.array([it['unit_price'] for it in items], dtype=np.float32)
    return skus, counts, prices


def main(data_dir):
    folder = os.path.join(data_dir, 'h24_inventory_preloaded_fifo_size_loop')
    os.makedirs(folder, exist_ok=True)
    path = os.path.join(folder, 'inventory.json')
    with open(path, 'w') as f:
        json.dump({'items': [{'sku': 'SKU-%03d' % i, 'on_hand': (i * 7) % 19, 'unit_price': 1.25 * (i % 5 + 1)}
                             for i in range(17)]}, f)
    skus, counts, prices = load_inventory(path)

    sku_ph = tf.placeholder(tf.string, [None])
    count_ph = tf.placeholder(tf.int32, [None])
    price_ph = tf.placeholder(tf.float32, [None])
    buffer = data_flow_ops.FIFOQueue(64, [tf.string, tf.int32, tf.float32], shapes=[[], [], []],
                                     name='inventory_buffer')
    fill = buffer.enqueue_many([sku_ph, count_ph, price_ph])
    size = buffer.size()
    full = buffer.dequeue_many(BATCH)
    rest = buffer.dequeue_up_to(BATCH)
    close = buffer.close()

    def value(batch):
        sku, count, price = batch
        return [[s.decode() for s in sku], count.tolist(), [round(float(c * p), 2) for c, p in zip(count, price)]]

    batches = []
    with tf.Session() as sess:
        sess.run(fill, feed_dict={sku_ph: skus, count_ph: counts, price_ph: prices})
        while sess.run(size) >= BATCH:
            batches.append(value(sess.run(full)))
        sess.run(close)
        end = 'drained'
        while True:
            try:
                batches.append(value(sess.run(rest)))
            except tf.errors.OutOfRangeError:
                end = 'OutOfRangeError after drain'
                break
    return {'batches': batches, 'end': end}
