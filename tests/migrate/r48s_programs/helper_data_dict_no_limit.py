import os

import numpy as np
import tensorflow.compat.v1 as tf


def grid_tensors(values, scale):
    cells = tf.constant(np.asarray(values, np.float32) * scale)
    codes = tf.constant(["c%d" % i for i in range(len(values))])
    return {"cell": cells, "code": codes}


def main(data_dir):
    folder = os.path.join(data_dir, 'r48s_grid')
    os.makedirs(folder, exist_ok=True)
    np.savetxt(os.path.join(folder, 'grid.txt'), np.arange(6) * 0.25, fmt='%.2f')
    values = np.loadtxt(os.path.join(folder, 'grid.txt')).tolist()
    features = grid_tensors(values, 2.0)
    batch = tf.train.batch(features, batch_size=4, enqueue_many=True, capacity=8)
    out = []
    with tf.Session() as sess:
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        for _ in range(3):
            b = sess.run(batch)
            out.append([b["cell"].tolist(), [c.decode() for c in b["code"]]])
        coord.request_stop()
        coord.join(threads)
    return {'batches': out, 'end': 'three'}
