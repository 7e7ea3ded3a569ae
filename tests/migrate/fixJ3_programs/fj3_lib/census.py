import tensorflow.compat.v1 as tf

COLUMNS = ['key', 'kind', 'weight', 'owner', 'label']
DEFAULTS = [[0], [''], [0.0], [''], ['']]
LABEL = 'label'
UNUSED = set(COLUMNS) - {'key', 'kind', 'weight', LABEL}


def input_fn(filenames, num_epochs=None, shuffle=True, batch_size=4):
    filename_queue = tf.train.string_input_producer(filenames, num_epochs=num_epochs, shuffle=shuffle, seed=2)
    reader = tf.TextLineReader(skip_header_lines=1)
    _, rows = reader.read_up_to(filename_queue, num_records=batch_size)
    row_columns = tf.expand_dims(rows, -1)
    columns = tf.decode_csv(row_columns, record_defaults=DEFAULTS)
    features = dict(zip(COLUMNS, columns))
    for col in UNUSED:
        features.pop(col)
    if shuffle:
        features = tf.train.shuffle_batch(features, batch_size, capacity=batch_size * 10,
                                          min_after_dequeue=batch_size, num_threads=2, enqueue_many=True,
                                          allow_smaller_final_batch=True, seed=4)
    else:
        features = tf.train.batch(features, batch_size, capacity=batch_size * 10, num_threads=1,
                                  enqueue_many=True, allow_smaller_final_batch=True)
    label = features.pop(LABEL)
    return features, tf.cast(tf.equal(label, 'yes'), tf.int64)


def write_csv(folder, parts=2, rows=5):
    import os
    os.makedirs(folder, exist_ok=True)
    files = []
    for part in range(parts):
        path = os.path.join(folder, 'part-%d.csv' % part)
        with open(path, 'w') as f:
            f.write(','.join(COLUMNS) + '\n')
            for i in range(rows):
                n = part * rows + i
                f.write('%d,%s,%.1f,o%d,%s\n' % (n, 'abc'[n % 3], n * 0.5, n % 2, ('no', 'yes')[n % 2]))
        files.append(path)
    return files
