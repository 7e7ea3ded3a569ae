"""The cloud-samples generate_csv_input_fn: read_up_to rows of CSV files, decoded and returned with no batch."""

import glob
import os

import tensorflow as tf

CSV_COLUMNS = ['a', 'b', 'label']
DEFAULTS = [[0], [0.0], [0]]


def generate_csv_input_fn(filenames, num_epochs=1, batch_size=16):
    def _input_fn():
        filename_queue = tf.compat.v1.train.string_input_producer(filenames, num_epochs=num_epochs, shuffle=False)
        reader = tf.compat.v1.TextLineReader(skip_header_lines=1)
        _, value = reader.read_up_to(filename_queue, num_records=batch_size)
        value_column = tf.expand_dims(value, -1)
        columns = tf.io.decode_csv(value_column, record_defaults=DEFAULTS)
        features = dict(zip(CSV_COLUMNS, columns))
        label = features.pop('label')
        return features, label
    return _input_fn


def main(data_dir):
    files = sorted(glob.glob(os.path.join(data_dir, 'table-*.csv')))
    features, label = generate_csv_input_fn(files)()
    out, end = [], None
    with tf.compat.v1.Session() as sess:
        sess.run(tf.compat.v1.local_variables_initializer())
        coord = tf.compat.v1.train.Coordinator()
        threads = tf.compat.v1.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                f, l = sess.run([features, label])
                out.append([f['a'].ravel().tolist(), l.ravel().tolist()])
        except tf.errors.OutOfRangeError:
            end = 'OutOfRangeError'
        coord.request_stop()
        coord.join(threads)
    return {'batches': out, 'end': end}
