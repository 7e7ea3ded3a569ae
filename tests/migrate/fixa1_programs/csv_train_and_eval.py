"""Two callers of the base class's batching method (shuffled train, ordered eval), the hook in a subclass."""
import os

import tensorflow.compat.v1 as tf

from fixa1_lib.csv_rows import CsvRows, write_rows


def main(data_dir):
    folder = os.path.join(data_dir, 'fixa1_csv')
    os.makedirs(folder, exist_ok=True)
    write_rows(os.path.join(folder, 'train.csv'), 0, 12)
    write_rows(os.path.join(folder, 'eval.csv'), 100, 8)
    rows = CsvRows(folder, 'train.csv', 'eval.csv')
    train = rows.train_batch(4, seed=7)
    held = rows.eval_batch(4)
    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        for batch in (train, held):
            try:
                while True:
                    i, v, t = sess.run(batch)
                    batches.append([i.tolist(), v.tolist(), [s.decode() for s in t]])
            except tf.errors.OutOfRangeError:
                pass
        coord.request_stop()
        coord.join(threads)
    return {'batches': batches, 'end': 'rows: %d' % sum(len(b[0]) for b in batches)}
