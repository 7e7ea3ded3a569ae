"""Wide & deep census-style estimator `input_fn` on queues: module-level `_CSV_COLUMNS` /
`_CSV_COLUMN_DEFAULTS`, `TextLineReader(skip_header_lines=1)`, **`read_up_to`** a batch of lines, `decode_csv` on
the vector of lines, `dict(zip(...))`, `shuffle` choosing `shuffle_batch` or `batch` with `enqueue_many=True`, and
`features.pop('label')` after the batch; returns `(features, labels)`."""

import glob
import os

import tensorflow.compat.v1 as tf

_CSV_COLUMNS = ['a', 'b', 'label']
_CSV_COLUMN_DEFAULTS = [[0.0], [0.0], [0]]


def input_fn(data_file, num_epochs, shuffle, batch_size):
    """Generate an input function for the Estimator."""
    filename_queue = tf.train.string_input_producer(data_file, num_epochs=num_epochs, shuffle=shuffle)
    reader = tf.TextLineReader(skip_header_lines=1)
    _, rows = reader.read_up_to(filename_queue, num_records=batch_size)
    columns = tf.decode_csv(rows, record_defaults=_CSV_COLUMN_DEFAULTS)
    features = dict(zip(_CSV_COLUMNS, columns))
    if shuffle:
        features = tf.train.shuffle_batch(features, batch_size, capacity=batch_size * 10,
                                          min_after_dequeue=batch_size * 2, enqueue_many=True,
                                          allow_smaller_final_batch=True)
    else:
        features = tf.train.batch(features, batch_size, capacity=batch_size * 4, enqueue_many=True,
                                  allow_smaller_final_batch=True)
    labels = features.pop('label')
    return features, labels


def main(data_dir):
    train_files = sorted(glob.glob(os.path.join(data_dir, 'table-*.csv')))
    features, labels = input_fn(train_files, num_epochs=1, shuffle=False, batch_size=12)

    batches, end = [], None
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                f, l = sess.run([features, labels])
                batches.append({'a': f['a'].tolist(), 'b': f['b'].tolist(), 'label': l.tolist()})
        except tf.errors.OutOfRangeError:
            end = 'OutOfRangeError'
        finally:
            coord.request_stop()
            coord.join(threads)
    return {'batches': batches, 'end': end}
