"""Credit-card fraud transactions: CSV columns zipped into a feature dict, the Class popped as the label."""
import os

import numpy as np
from tensorflow.compat import v1 as tf1

_CSV_COLUMNS = [
    'Time', 'V1', 'V2', 'V3', 'V4', 'Amount', 'Class'
]
_CSV_COLUMN_DEFAULTS = [[0.0], [0.0], [0.0], [0.0], [0.0], [0.0], [0]]

NUM_TRANSACTIONS = 12


def write_transactions(path):
    rng = np.random.RandomState(390)
    with open(path, 'w') as f:
        f.write(','.join('"%s"' % c for c in _CSV_COLUMNS) + '\n')
        for i in range(NUM_TRANSACTIONS):
            v = np.round(rng.normal(0, 1.5, 4), 4)
            amount = round(float(rng.uniform(1, 400)), 2)
            cls = 1 if i % 5 == 2 else 0
            f.write('%d,%s,%.2f,"%d"\n' % (i * 37, ','.join('%.4f' % x for x in v), amount, cls))


def parse_csv(value):
    columns = tf1.decode_csv(value, record_defaults=_CSV_COLUMN_DEFAULTS)
    features = dict(zip(_CSV_COLUMNS, columns))
    labels = features.pop('Class')
    return features, tf1.equal(labels, 1)


def input_fn(data_file, num_epochs, batch_size):
    filename_queue = tf1.train.string_input_producer([data_file], num_epochs=num_epochs, shuffle=False)
    reader = tf1.TextLineReader(skip_header_lines=1)
    _, value = reader.read(filename_queue)
    features, label = parse_csv(value)
    features['is_fraud'] = label
    batch = tf1.train.shuffle_batch(features, batch_size=batch_size, capacity=50,
                                    min_after_dequeue=6, num_threads=2, seed=39)
    labels = batch.pop('is_fraud')
    return batch, labels


def main(data_dir):
    folder = os.path.join(data_dir, 'h39_credit_card_transactions')
    if not os.path.isdir(folder):
        os.makedirs(folder)
    data_file = os.path.join(folder, 'creditcard.csv')
    write_transactions(data_file)

    features, labels = input_fn(data_file, num_epochs=1, batch_size=4)
    keys = sorted(features)

    out = []
    sess = tf1.Session()
    sess.run(tf1.local_variables_initializer())
    coord = tf1.train.Coordinator()
    threads = tf1.train.start_queue_runners(sess=sess, coord=coord)
    try:
        while True:
            f, l = sess.run([features, labels])
            out.append([f[k].tolist() for k in keys] + [l.tolist()])
    except tf1.errors.OutOfRangeError:
        pass
    coord.request_stop()
    coord.join(threads)
    sess.close()
    frauds = sum(sum(b[-1]) for b in out)
    return {"batches": out, "end": "transactions: %d, fraud: %d" % (sum(len(b[0]) for b in out), frauds)}
