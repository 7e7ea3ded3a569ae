import os

import numpy as np
import tensorflow.compat.v1 as tf

PATTERNS = ['none', 'center', 'edge_ring', 'scratch', 'donut']


def make_wafer_maps(path):
    rng = np.random.RandomState(6312)
    maps = rng.randint(0, 3, size=(20, 5, 5)).astype(np.uint8)  # 0 off-wafer, 1 pass, 2 fail
    labels = np.arange(20) % len(PATTERNS)
    lot_ids = np.array(['LOT%02d-W%02d' % (i // 5, i % 5) for i in range(20)])
    np.savez(path, maps=maps, labels=labels, lot_ids=lot_ids)


def main(data_dir):
    d = os.path.join(data_dir, 'h63_wafer_map_defect_patterns_npz_range_input_producer_two_gather_readers_batch_join_supervisor_managed_session')
    os.makedirs(d, exist_ok=True)
    path = os.path.join(d, 'wm811k_like.npz')
    make_wafer_maps(path)
    data = np.load(path)
    maps = tf.constant(data['maps'])
    labels = tf.constant(data['labels'].astype(np.int32))
    lots = tf.constant(data['lot_ids'].astype(bytes))

    index_queue = tf.train.range_input_producer(20, num_epochs=1, shuffle=False)
    examples = []
    for _ in range(2):
        idx = index_queue.dequeue()
        wafer = tf.one_hot(tf.cast(tf.gather(maps, idx), tf.int32), 3)
        fail_ratio = tf.reduce_mean(tf.cast(tf.equal(tf.gather(maps, idx), 2), tf.float32))
        examples.append([wafer, tf.gather(labels, idx), fail_ratio, tf.gather(lots, idx)])
    wafer_b, label_b, ratio_b, lot_b = tf.train.batch_join(examples, batch_size=4, capacity=16)

    sv = tf.train.Supervisor(logdir=None, summary_op=None, save_model_secs=0)
    batches = []
    with sv.managed_session() as sess:
        while not sv.should_stop():
            try:
                w, l, r, lot = sess.run([wafer_b, label_b, ratio_b, lot_b])
            except tf.errors.OutOfRangeError:
                break
            batches.append([w.tolist(), l.tolist(), np.round(r, 4).tolist(), [x.decode() for x in lot]])
    return {'batches': batches, 'end': 'supervisor stopped'}
