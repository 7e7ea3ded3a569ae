"""Magazine subscription-offer clicks as libsvm lines converted to TFRecords, read by a recommender team's
`LibSVMInputReader(file_queue, batch_size, capacity, min_after_dequeue)` class (TFRecSYS logger set up at
import): the serialized records are shuffled and batched first, then `parse_example` turns the VarLen
`feature_ids` / `feature_vals` into SparseTensors."""
import os

import numpy as np
import tensorflow.compat.v1 as tf

from magazine79.libsvm_reader import LibSVMInputReader, logger, print_info
from magazine79.libsvm_to_tfrecord import convert


def _rows(sparse, n):
    rows = [[] for _ in range(n)]
    for (r, _), v in zip(sparse.indices.tolist(), sparse.values.tolist()):
        rows[r].append(v)
    return rows


def main(data_dir):
    d = os.path.join(data_dir, 'h79_magazine')
    os.makedirs(d, exist_ok=True)
    rng = np.random.RandomState(79)
    with open(os.path.join(d, 'offers.libsvm'), 'w') as f:
        for i in range(12):
            ids = sorted(rng.choice(50, size=rng.randint(1, 5), replace=False).tolist())
            f.write('%d %s\n' % (rng.randint(0, 2), ' '.join('%d:%.2f' % (k, rng.rand()) for k in ids)))
    n = convert(os.path.join(d, 'offers.libsvm'), os.path.join(d, 'offers_00001.tfrecord'))
    logger.debug('converted %d lines', n)
    tf.set_random_seed(79)

    file_queue = tf.train.string_input_producer([os.path.join(d, 'offers_00001.tfrecord')], num_epochs=1)
    reader = LibSVMInputReader(file_queue, batch_size=4, capacity=40, min_after_dequeue=8)
    label, ids, vals = reader.read()

    out = []
    init_op = tf.group(tf.global_variables_initializer(), tf.local_variables_initializer())
    with tf.Session() as sess:
        print_info("sess start")
        sess.run(init_op)
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                l, i, v = sess.run([label, ids, vals])
                out.append([l.astype(int).tolist(), _rows(i, len(l)),
                            [[round(x, 2) for x in r] for r in _rows(v, len(l))]])
        except tf.errors.OutOfRangeError:
            print_info("sess end")
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": out, "end": "offer impressions: %d" % sum(len(b[0]) for b in out)}
