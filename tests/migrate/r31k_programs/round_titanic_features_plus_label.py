"""Kaggle Titanic kernel: passengers with a known age, batched with maybe_batch."""
import os

import numpy as np
import tensorflow.compat.v1 as tf
from tensorflow.compat.v1 import train

CSV_COLUMNS = ['PassengerId', 'Survived', 'Pclass', 'Sex', 'Age', 'Fare']
CSV_DEFAULTS = [[0], [0], [3], ['male'], [-1.0], [0.0]]


def write_train_csv(path):
    rng = np.random.RandomState(1912)
    with open(path, 'w') as f:
        f.write(','.join(CSV_COLUMNS) + '\n')
        for i in range(12):
            age = '' if i in (2, 6, 9) else str(rng.randint(1, 70))
            f.write('%d,%d,%d,%s,%s,%.2f\n' % (i + 1, rng.randint(0, 2), rng.randint(1, 4),
                                                rng.choice(['male', 'female']), age, rng.randint(500, 9000) / 100.0))


def read_passenger(filename_queue):
    reader = tf.TextLineReader(skip_header_lines=1)
    _, line = reader.read(filename_queue)
    columns = tf.decode_csv(line, record_defaults=CSV_DEFAULTS)
    row = dict(zip(CSV_COLUMNS, columns))
    row['Sex'] = tf.cast(tf.equal(row['Sex'], 'female'), tf.int32)
    return row


def main(data_dir):
    folder = os.path.join(data_dir, 'r31k_titanic')
    os.makedirs(folder, exist_ok=True)
    path = os.path.join(folder, 'train.csv')
    write_train_csv(path)

    filename_queue = train.string_input_producer([path], num_epochs=1, shuffle=False)
    row = read_passenger(filename_queue)
    keep = row['Age'] >= 0
    features = [row['PassengerId'], row['Pclass'], row['Sex'], row['Age'], row['Fare']]
    pid, pclass, sex, age, fare, survived = train.maybe_batch(
        features + [row['Survived']], keep_input=keep, batch_size=3, num_threads=1,
        capacity=12, allow_smaller_final_batch=True)

    batches = []
    with tf.Session() as sess:
        sess.run([tf.global_variables_initializer(), tf.local_variables_initializer()])
        coord = train.Coordinator()
        threads = train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                values = sess.run([pid, pclass, sex, age, fare, survived])
                batches.append(dict(zip(['PassengerId', 'Pclass', 'Sex', 'Age', 'Fare', 'Survived'],
                                        [np.round(v.astype(np.float64), 2).tolist() if v.dtype.kind == 'f' else v.tolist() for v in values])))
        except tf.errors.OutOfRangeError:
            end = 'kept %d passengers' % sum(len(b['Age']) for b in batches)
        coord.request_stop()
        coord.join(threads)
    return {'batches': batches, 'end': end}
