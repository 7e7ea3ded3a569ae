"""A subclass of the decoding subclass that only overrides a class attribute the hook reads."""
import os

from tensorflow.compat.v1 import Session, errors, local_variables_initializer, train

import fixa1_lib.csv_rows as csv_rows


def main(data_dir):
    folder = os.path.join(data_dir, 'fixa1_scaled')
    os.makedirs(folder, exist_ok=True)
    csv_rows.write_rows(os.path.join(folder, 'eval.csv'), 3, 9)
    rows = csv_rows.ScaledCsvRows(folder, 'unused.csv', 'eval.csv')
    ident, value, tag = rows.eval_batch(3)
    batches = []
    with Session() as sess:
        sess.run(local_variables_initializer())
        coord = train.Coordinator()
        threads = train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                i, v = sess.run([ident, value])
                batches.append([i.tolist(), v.tolist()])
        except errors.OutOfRangeError:
            end = 'OutOfRangeError'
        coord.request_stop()
        coord.join(threads)
    return {'batches': batches, 'end': end}
