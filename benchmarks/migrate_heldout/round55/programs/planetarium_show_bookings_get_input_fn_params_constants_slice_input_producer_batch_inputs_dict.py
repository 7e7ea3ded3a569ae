"""Planetarium show bookings: an estimator-era get_xxx(data_source, params, training) returning _input_fn."""
import collections
import csv
import os

import numpy as np
import tensorflow as tf

Params = collections.namedtuple('Params', ['batch_size', 'is_ae', 'num_epochs'])


def read_data_sets(data_source):
    shows, labels = [], []
    with open(os.path.join(data_source, 'bookings.csv')) as f:
        for row in csv.DictReader(f):
            shows.append([float(row['seats_sold']), float(row['dome_minutes']), float(row['kids'])])
            labels.append(int(row['sold_out']))
    return np.array(shows, dtype=np.float32), np.array(labels, dtype=np.int32)


def get_bookings(data_source, params, training):
  """Input function for planetarium booking data."""

  shows, labels = read_data_sets(data_source)

  def _input_fn():
    input_shows = tf.constant(shows)

    input_labels = tf.constant(
        labels) if not params.is_ae else tf.constant(shows)

    show, label = tf.compat.v1.train.slice_input_producer([input_shows, input_labels],
                                                          num_epochs=params.num_epochs, seed=55)

    showBatch, labelBatch = tf.compat.v1.train.batch(
        [show, label], batch_size=params.batch_size)

    return {"inputs": showBatch}, labelBatch

  return _input_fn


def main(data_dir):
    out = os.path.join(data_dir, 'h55_show_bookings')
    os.makedirs(out, exist_ok=True)
    rng = np.random.RandomState(55)
    with open(os.path.join(out, 'bookings.csv'), 'w') as f:
        f.write('show,seats_sold,dome_minutes,kids,sold_out\n')
        for i in range(12):
            sold = rng.randint(40, 121)
            f.write('s%d,%d,%d,%d,%d\n' % (i, sold, rng.choice([25, 35, 45]), rng.randint(0, 40), int(sold >= 110)))

    params = Params(batch_size=4, is_ae=False, num_epochs=1)
    input_fn = get_bookings(out, params, training=True)
    features, labels = input_fn()
    occupancy = features["inputs"][:, 0] / 120.0

    batches = []
    with tf.compat.v1.Session() as sess:
        sess.run(tf.compat.v1.local_variables_initializer())
        coord = tf.compat.v1.train.Coordinator()
        threads = tf.compat.v1.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                x, y, o = sess.run([features["inputs"], labels, occupancy])
                batches.append([x.astype(np.float64).tolist(), y.tolist(), np.round(o.astype(np.float64), 5).tolist()])
        except tf.errors.OutOfRangeError:
            pass
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": "bookings: %d" % sum(len(b[1]) for b in batches)}
