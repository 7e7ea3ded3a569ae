import os

import numpy as np
import tensorflow.compat.v1 as tf

from ob63_lib import DataQueue
from ob63_lib import snapshots


def main(data_dir):
    d = os.path.join(data_dir, 'h63_crypto_order_book_snapshots_jsonl_data_queue_class_variable_scope_placeholders_two_feed_threads_closer_package')
    os.makedirs(d, exist_ok=True)
    path = os.path.join(d, 'btcusd_l2_snapshots.jsonl')
    snapshots.write_snapshots(path)
    dq = DataQueue(snapshots.make_get_data(path), capacity=16, scope='orderbook_input')
    bids, asks, mid, seq = dq.dequeue_many(4)
    spread = asks[:, 0] - bids[:, 0]
    sess = tf.Session()
    threads = dq.start_threads(sess)
    batches = []
    while True:
        try:
            b, a, m, s, sp = sess.run([bids, asks, mid, seq, spread])
        except tf.errors.OutOfRangeError:
            break
        batches.append([np.round(b, 3).tolist(), np.round(a, 3).tolist(), m.tolist(), s.tolist(), np.round(sp, 3).tolist()])
    for t in threads:
        t.join()
    sess.close()
    return {'batches': batches, 'end': 'closed'}
