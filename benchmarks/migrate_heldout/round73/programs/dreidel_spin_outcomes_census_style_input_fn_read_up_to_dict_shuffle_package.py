"""Dreidel spin outcomes: a Cloud ML census-style `trainer/model.py` (`CSV_COLUMNS`, `UNUSED_COLUMNS` popped,
`read_up_to` + `expand_dims` + `decode_csv`, two-thread `shuffle_batch(enqueue_many=True)` of a dict, label
looked up in a table after the batch)."""
import os

import numpy as np
import tensorflow.compat.v1 as tf

from dreidel73.trainer import model


def main(data_dir):
    folder = os.path.join(data_dir, 'h73_dreidel')
    os.makedirs(folder, exist_ok=True)
    files = []
    for part in range(2):
        path = os.path.join(folder, 'spins-%05d.csv' % part)
        with open(path, 'w') as f:
            f.write(','.join(model.CSV_COLUMNS) + '\n')
            for i in range(6):
                n = part * 6 + i
                f.write('%d,%s,%.1f,p%d,%s\n' % (n, 'nghs'[n % 4], 1.0 + n * 0.5, n % 3, model.LABELS[n % 2]))
        files.append(path)
    features, labels = model.input_fn(files, num_epochs=1, shuffle=True, skip_header_lines=1, batch_size=3)
    batches = []
    with tf.Session() as sess:
        sess.run([tf.global_variables_initializer(), tf.local_variables_initializer(), tf.tables_initializer()])
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                f, l = sess.run([features, labels])
                batches.append([f['spin_id'].ravel().tolist(), [x.decode() for x in f['letter'].ravel()],
                                np.round(f['seconds'].ravel().astype(np.float64), 2).tolist(), l.ravel().tolist()])
        except tf.errors.OutOfRangeError:
            pass
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": "spins: %d" % sum(len(b[0]) for b in batches)}
