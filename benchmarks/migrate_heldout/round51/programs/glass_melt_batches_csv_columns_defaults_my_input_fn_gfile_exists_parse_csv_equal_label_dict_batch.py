import os

import tensorflow as tf

tf1 = tf.compat.v1

_CSV_COLUMNS = [
    'batch_id', 'furnace', 'cullet_pct', 'soda_kg', 'lime_kg', 'melt_hours',
    'colour', 'defect'
]

_CSV_COLUMN_DEFAULTS = [[''], [''], [0.], [0.], [0.], [0.], ['flint'], ['']]


def write_log(data_file):
    rows = [
        ('GB-101', 'F1', 32.5, 140.0, 80.5, 21.0, 'flint', 'none'),
        ('GB-102', 'F1', 35.0, 138.5, 79.0, 22.5, '', 'bubbles'),
        ('GB-103', 'F2', 28.0, 150.0, 85.0, 20.0, 'amber', 'none'),
        ('GB-104', 'F2', 40.5, 131.0, 77.5, 24.0, 'amber', 'stones'),
        ('GB-105', 'F1', 30.0, 145.5, 82.0, 21.5, 'green', 'bubbles'),
        ('GB-106', 'F3', 45.0, 128.0, 75.0, 25.0, 'flint', 'none'),
        ('GB-107', 'F3', 38.0, 135.0, 78.5, 23.0, 'green', 'cord'),
        ('GB-108', 'F2', 33.5, 142.0, 81.0, 22.0, '', 'bubbles'),
        ('GB-109', 'F1', 29.5, 148.0, 84.5, 20.5, 'amber', 'none'),
    ]
    with open(data_file, 'w') as f:
        for r in rows:
            f.write(','.join(str(x) for x in r) + '\n')


def my_input_fn(data_file, num_epochs, shuffle, batch_size):
    assert tf1.gfile.Exists(data_file),(
        '%s not found. Please make sure you have run write_log and '
        'set the --data_dir argument to the correct path.' % data_file)

    filename_queue = tf1.train.string_input_producer([data_file], num_epochs=num_epochs,
                                                     shuffle=shuffle)
    reader = tf1.TextLineReader()
    _, value = reader.read(filename_queue)
    features, label = parse_csv(value)
    features['label'] = label
    if shuffle:
        batch = tf1.train.shuffle_batch(features, batch_size, capacity=100, min_after_dequeue=10)
    else:
        batch = tf1.train.batch(features, batch_size, allow_smaller_final_batch=True)
    labels = batch.pop('label')
    return batch, labels

def parse_csv(value):
    columns = tf1.decode_csv(value, record_defaults=_CSV_COLUMN_DEFAULTS)
    features = dict(zip(_CSV_COLUMNS, columns ))
    labels = features.pop('defect')
    return features, tf.equal(labels, 'bubbles')

def main(data_dir):
    root = os.path.join(data_dir, 'h51_glass_melts')
    if not os.path.isdir(root):
        os.makedirs(root)
    data_file = os.path.join(root, 'melt_log.csv')
    write_log(data_file)
    next_element = my_input_fn(data_file, 1, 0, 4)
    batches = []
    with tf1.Session() as sess:
        sess.run(tf1.local_variables_initializer())
        coord = tf1.train.Coordinator()
        threads = tf1.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                features, labels = sess.run(next_element)
                row = []
                for k in sorted(features):
                    v = features[k].tolist()
                    row.append([x.decode() if isinstance(x, bytes) else round(x, 4) for x in v])
                row.append(labels.tolist())
                batches.append(row)
        except tf.errors.OutOfRangeError:
            pass
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": "melts: %d" % sum(len(b[0]) for b in batches)}

if __name__ == '__main__':
    main('.')
