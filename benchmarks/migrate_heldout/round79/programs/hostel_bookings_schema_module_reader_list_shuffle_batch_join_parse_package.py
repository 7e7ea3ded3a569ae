"""Hostel bookings as tf.Example shards read by a company `io` package: a `schema` module mapping names to
(dtype, shape, default) and a `readers.make_batch(file_pattern, schema, batch_size, num_readers)` that globs
the shards, makes one TFRecordReader per reader thread, joins them with `shuffle_batch_join` of serialized
records and parses the batch with `parse_example`."""
import os

import numpy as np
import tensorflow.compat.v1 as tf

from hostel79.io import readers
from hostel79.io.schema import BOOKING_SCHEMA

DORMS = [b'female', b'male', b'mixed', b'private']


def _write(d):
    rng = np.random.RandomState(79)
    n = 0
    for shard in range(3):
        with tf.python_io.TFRecordWriter(os.path.join(d, 'bookings-%d.tfrecord' % shard)) as w:
            for _ in range(4):
                n += 1
                ex = tf.train.Example()
                ex.features.feature['booking_id'].int64_list.value.append(1000 + n)
                ex.features.feature['nights'].int64_list.value.append(int(rng.randint(1, 8)))
                ex.features.feature['beds'].int64_list.value.append(int(rng.randint(1, 4)))
                ex.features.feature['dorm'].bytes_list.value.append(DORMS[rng.randint(0, 4)])
                ex.features.feature['price_eur'].float_list.value.append(float(np.round(15 + rng.rand() * 40, 2)))
                if rng.rand() < 0.5:
                    ex.features.feature['cancelled'].int64_list.value.append(1)
                w.write(ex.SerializeToString())


def main(data_dir):
    d = os.path.join(data_dir, 'h79_hostel')
    os.makedirs(d, exist_ok=True)
    _write(d)

    features = readers.make_batch(os.path.join(d, 'bookings-*.tfrecord'), BOOKING_SCHEMA, batch_size=4,
                                  num_readers=2, num_epochs=1, seed=79)

    out = []
    with tf.Session() as sess:
        sess.run([tf.global_variables_initializer(), tf.local_variables_initializer()])
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                f = sess.run(features)
                out.append([f['booking_id'].tolist(), f['nights'].tolist(), [x.decode() for x in f['dorm']],
                            np.round(f['price_eur'].astype(np.float64), 2).tolist(), f['cancelled'].tolist()])
        except tf.errors.OutOfRangeError:
            pass
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": out, "end": "bookings: %d" % sum(len(b[0]) for b in out)}
