# -*- coding: utf-8 -*-
import os

import numpy as np
import tensorflow.compat.v1 as tf

from tel45_lib import bdci_data


def write_users(path):
    rng = np.random.RandomState(4509)
    with open(path, 'w') as f:
        f.write(','.join(bdci_data._CSV_COLUMNS) + '\n')
        for i in range(10):
            gender = rng.choice(['1', '2', '\\N'])
            age = '\\N' if rng.rand() < 0.2 else str(rng.randint(18, 70))
            f.write('%d,%d,%d,%.2f,%.3f,%d,%.1f,%.2f,%s,%s,%s,%s\n' % (
                rng.choice([1, 4]), rng.randint(0, 2), rng.randint(1, 120),
                rng.uniform(10, 300), rng.uniform(0, 5000), rng.randint(0, 13),
                rng.uniform(0, 400), rng.uniform(0, 300), gender, age,
                bdci_data._SERVICES[rng.randint(0, len(bdci_data._SERVICES))],
                'U%08X' % rng.randint(0, 2 ** 31)))


def main(data_dir):
    folder = os.path.join(data_dir, 'h45_telecom_users')
    if not os.path.isdir(folder):
        os.makedirs(folder)
    train_file = os.path.join(folder, 'train_all.csv')
    write_users(train_file)

    features, labels = bdci_data.input_fn(train_file, 1, False, 4)
    fee_per_month = features['1_total_fee'] / tf.cast(tf.maximum(features['online_time'], 1), tf.float32)

    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess, coord)
        try:
            while not coord.should_stop():
                f, l, fee = sess.run([features, labels, fee_per_month])
                row = []
                for key in sorted(f):
                    v = f[key]
                    if v.dtype == object:
                        row.append([x.decode() for x in v])
                    else:
                        row.append(np.round(v.astype(np.float64), 3).tolist())
                row.append(l.tolist())
                row.append(np.round(fee.astype(np.float64), 4).tolist())
                batches.append(row)
        except tf.errors.OutOfRangeError:
            pass
        finally:
            coord.request_stop()
        coord.join(threads)
    return {'batches': batches, 'end': 'users: %d' % sum(len(b[-1]) for b in batches)}
