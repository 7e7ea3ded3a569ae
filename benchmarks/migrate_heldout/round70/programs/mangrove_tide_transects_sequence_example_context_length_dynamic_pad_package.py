"""Mangrove tide transects as SequenceExamples (context plot id and length, depth / salinity feature lists) through a
`get_padded_batch` helper: one reader, a one-thread `train.batch(dynamic_pad=True)` -- package."""
import os

import numpy as np
import tensorflow.compat.v1 as tf

from mangrove_seq import batcher, records


def main(data_dir):
    out = os.path.join(data_dir, 'h70_mangrove')
    os.makedirs(out, exist_ok=True)
    rng = np.random.RandomState(21)
    path = os.path.join(out, 'transects.tfrecord')
    with tf.python_io.TFRecordWriter(path) as w:
        for i in range(7):
            n = rng.randint(2, 6)
            ex = records.make_example(i, rng.randint(0, 90, size=n).tolist(), (rng.rand(n) * 35).tolist())
            w.write(ex.SerializeToString())

    plot_ids, lengths, depths, salinity = batcher.get_padded_batch([path], batch_size=3)

    batches = []
    sess = tf.Session()
    sess.run(tf.local_variables_initializer())
    coord = tf.train.Coordinator()
    threads = tf.train.start_queue_runners(sess=sess, coord=coord)
    try:
        while True:
            p, l, d, s = sess.run([plot_ids, lengths, depths, salinity])
            batches.append([p.tolist(), l.tolist(), d.tolist(), np.round(s, 2).tolist()])
    except tf.errors.OutOfRangeError:
        pass
    finally:
        coord.request_stop()
        coord.join(threads)
        sess.close()
    return {"batches": batches, "end": "transects: %d" % sum(len(b[0]) for b in batches)}
