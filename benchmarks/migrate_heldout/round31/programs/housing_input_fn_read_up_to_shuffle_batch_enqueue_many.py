"""Wide and deep regression on a housing CSV: the old input_fn reading lines in chunks."""
import os

import numpy as np
import tensorflow as tf

_CSV_COLUMNS = ['crim', 'rooms', 'age', 'tax', 'district', 'price']
_CSV_COLUMN_DEFAULTS = [[0.0], [0], [0], [0], [''], [0.0]]


def write_housing(path):
    rng = np.random.RandomState(506)
    with open(path, 'w') as f:
        for i in range(16):
            f.write('%.2f,%d,%d,%d,%s,%.1f\n' % (rng.randint(0, 900) / 100.0, rng.randint(3, 9), rng.randint(5, 100),
                                                 rng.randint(180, 700), rng.choice(['north', 'south', 'east']),
                                                 rng.randint(50, 500) / 10.0))


def input_fn(data_file, num_epochs, shuffle, batch_size):
    """Input builder function."""
    filename_queue = tf.compat.v1.train.string_input_producer([data_file], num_epochs=num_epochs, shuffle=False)
    reader = tf.compat.v1.TextLineReader()
    _, records = reader.read_up_to(filename_queue, num_records=batch_size)
    columns = tf.compat.v1.decode_csv(records, record_defaults=_CSV_COLUMN_DEFAULTS)
    features = dict(zip(_CSV_COLUMNS, columns))
    if shuffle:
        features = tf.compat.v1.train.shuffle_batch(features, batch_size, capacity=8 * batch_size,
                                                    min_after_dequeue=2 * batch_size, num_threads=2,
                                                    enqueue_many=True)
    else:
        features = tf.compat.v1.train.batch(features, batch_size, capacity=8 * batch_size, enqueue_many=True)
    labels = features.pop('price')
    return features, labels


def main(data_dir):
    folder = os.path.join(data_dir, 'h31_housing')
    os.makedirs(folder, exist_ok=True)
    train_file = os.path.join(folder, 'housing.data')
    write_housing(train_file)

    features, labels = input_fn(train_file, num_epochs=1, shuffle=True, batch_size=4)
    district_id = tf.compat.v1.string_to_hash_bucket_fast(features['district'], 10)

    batches = []
    with tf.compat.v1.Session() as sess:
        sess.run(tf.compat.v1.local_variables_initializer())
        coord = tf.compat.v1.train.Coordinator()
        threads = tf.compat.v1.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                f, l, d = sess.run([features, labels, district_id])
                batch = {k: ([s.decode() for s in v] if v.dtype == object else np.round(v.astype(np.float64), 2).tolist() if v.dtype.kind == 'f' else v.tolist())
                         for k, v in sorted(f.items())}
                batch['price'] = np.round(l.astype(np.float64), 1).tolist()
                batch['district_id'] = d.tolist()
                batches.append(batch)
        except tf.errors.OutOfRangeError:
            end = 'input_fn exhausted'
        finally:
            coord.request_stop()
        coord.join(threads)
    return {'batches': batches, 'end': end}
