import os

import numpy as np
import tensorflow as tf

from glass55_lib import input_pipeline


def main(data_dir):
    out = os.path.join(data_dir, 'h55_glass_melts')
    os.makedirs(out, exist_ok=True)
    rng = np.random.RandomState(55)
    hues = ['cobalt blue', 'ruby', 'amber', 'violet']
    files = []
    for furnace in range(3):
        path = os.path.join(out, 'furnace%d.csv' % furnace)
        with open(path, 'w') as f:
            f.write('melt,co,cu,au,mn,hue\n')
            for i in range(4):
                f.write('%d,%d,%d,%d,%d,%s\n' % (furnace * 10 + i, rng.randint(0, 5), rng.randint(0, 30),
                                                 rng.randint(0, 2), rng.randint(0, 40), hues[rng.randint(0, 4)]))
        files.append(path)

    melt_ids, oxides, hue = input_pipeline.example_queue(files, batch_size=4)
    batches = []
    with tf.compat.v1.Session() as sess:
        sess.run(tf.compat.v1.local_variables_initializer())
        coord = tf.compat.v1.train.Coordinator()
        threads = tf.compat.v1.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                m, o, h = sess.run([melt_ids, oxides, hue])
                batches.append([m.tolist(), np.round(o.astype(np.float64), 4).tolist(), [x.decode() for x in h]])
        except tf.errors.OutOfRangeError:
            pass
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": "melts: %d" % sum(len(b[0]) for b in batches)}
