"""Person re-identification crops from corridor CCTV cameras: a shuffled training pipeline and query / gallery
pipelines of batch size one, all three built from module functions of reid40_lib.read_decode."""
import os

import numpy as np
import tensorflow.compat.v1 as tf

from reid40_lib import make_records
from reid40_lib.read_decode import read_and_decode_t, read_and_decode_mq, read_and_decode_mg

BATCH_SIZE = 4


def _write(root):
    train = [(i, i % 3 + 1, 100 + i // 2) for i in range(8)]
    query = [(20 + i, 1, 100 + i) for i in range(3)]
    gallery = [(30 + i, 2, 100 + i) for i in range(4)]
    paths = {}
    for seed, (name, rows) in enumerate([('train', train), ('query', query), ('gallery', gallery)]):
        paths[name] = os.path.join(root, name + '.tfrecords')
        make_records.write_split(paths[name], rows, seed + 40)
    return paths


def _rows(values):
    img, label, cam, rid = values
    return [[x.tolist() for x in img], label.tolist(), cam.tolist(), rid.tolist()]


def main(data_dir):
    root = os.path.join(data_dir, 'h40_cctv_reid')
    os.makedirs(root, exist_ok=True)
    paths = _write(root)

    train_batch = read_and_decode_t(paths['train'], BATCH_SIZE)
    query_batch = read_and_decode_mq(paths['query'])
    gallery_batch = read_and_decode_mg(paths['gallery'])

    batches = []
    counts = {}
    with tf.Session() as sess:
        sess.run(tf.global_variables_initializer())
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        for name, ops in [('train', train_batch), ('query', query_batch), ('gallery', gallery_batch)]:
            counts[name] = 0
            try:
                while True:
                    values = sess.run(ops)
                    batches.append(_rows(values))
                    counts[name] += len(values[1])
            except tf.errors.OutOfRangeError:
                pass
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches,
            "end": "crops: train %d, query %d, gallery %d" % (counts['train'], counts['query'], counts['gallery'])}
