import os

import tensorflow.compat.v1 as tf

from r47f_lib import RowReader


def write_rows(folder):
    os.makedirs(folder, exist_ok=True)
    path = os.path.join(folder, 'rows.csv')
    with open(path, 'w') as f:
        for i in range(12):
            f.write('%d,%d,%d,%d\n' % (i, i * 2, (i * 7) % 5, i % 3))
    return path


def main(data_dir):
    coord = tf.train.Coordinator()
    reader = RowReader(write_rows(os.path.join(data_dir, 'r47f_rows')), coord, 4)
    x, y = reader.dequeue()
    total = tf.reduce_sum(x, axis=1)
    sess = tf.Session()
    threads = reader.start_threads(sess)
    batches = []
    try:
        while True:
            xv, yv, tv = sess.run([x, y, total])
            batches.append([xv.tolist(), yv.tolist(), tv.tolist()])
    except tf.errors.OutOfRangeError:
        pass
    coord.request_stop()
    coord.join(threads)
    sess.close()
    return {'batches': batches, 'end': 'OutOfRangeError'}
