import os

import tensorflow as tf

import r47f_lib


def main(data_dir):
    folder = os.path.join(data_dir, 'r47f_rows_kw')
    os.makedirs(folder, exist_ok=True)
    path = os.path.join(folder, 'rows.csv')
    with open(path, 'w') as f:
        for i in range(8):
            f.write('%d,%d,%d,%d\n' % (i, -i, i * i, i % 2))
    coordinator = tf.compat.v1.train.Coordinator()
    reader = r47f_lib.RowReader(path, batch_size=2, coord=coordinator)
    x, y = reader.dequeue()
    sess = tf.compat.v1.Session()
    reader.start_threads(sess)
    batches = []
    try:
        while not coordinator.should_stop():
            xv, yv = sess.run([x, y])
            batches.append([xv.tolist(), yv.tolist()])
    except tf.errors.OutOfRangeError:
        pass
    sess.close()
    return {'batches': batches, 'end': 'OutOfRangeError'}
