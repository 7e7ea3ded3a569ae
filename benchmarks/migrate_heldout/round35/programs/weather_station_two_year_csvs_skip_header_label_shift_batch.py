"""Hourly weather station CSVs (one per year), header skipped, temperature of the next hour as the label column."""
import os

import tensorflow as tf

FEATURES = ['hour', 'temp', 'humidity', 'pressure', 'next_temp']
DEFAULTS = [[0], [0.0], [0.0], [1013.0], [0.0]]


def read_station(filename_queue):
    reader = tf.compat.v1.TextLineReader(skip_header_lines=1)
    key, value = reader.read(filename_queue)
    cols = tf.compat.v1.decode_csv(value, record_defaults=DEFAULTS)
    features = tf.stack(cols[1:4])
    return key, cols[0], features, cols[4]


def main(data_dir):
    root = os.path.join(data_dir, 'h35_weather')
    os.makedirs(root, exist_ok=True)
    files = []
    for year in (2016, 2017):
        path = os.path.join(root, 'station_%d.csv' % year)
        with open(path, 'w') as f:
            f.write(','.join(FEATURES) + '\n')
            for h in range(5):
                pressure = '' if h == 2 else '%.1f' % (1000 + h + year % 10)
                f.write('%d,%.1f,%.2f,%s,%.1f\n' % (h, 10 + h * 0.5, 0.5 + h / 20.0, pressure, 10.5 + h * 0.5))
        files.append(path)
    filename_queue = tf.compat.v1.train.string_input_producer(files, num_epochs=1, shuffle=False)
    key, hour, features, label = read_station(filename_queue)
    hour_b, x_b, y_b = tf.compat.v1.train.batch([hour, features, label], batch_size=3,
                                                allow_smaller_final_batch=True)
    batches = []
    with tf.compat.v1.Session() as sess:
        sess.run(tf.compat.v1.local_variables_initializer())
        coord = tf.compat.v1.train.Coordinator()
        threads = tf.compat.v1.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                h, x, y = sess.run([hour_b, x_b, y_b])
                batches.append([h.tolist(), [[round(float(v), 2) for v in row] for row in x],
                                [round(float(v), 2) for v in y]])
        except tf.errors.OutOfRangeError:
            pass
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": "hours: %d" % sum(len(b[0]) for b in batches)}
