"""Zeppelin flight records through an `Inputs` class (reader made in __init__, shuffle switch) -- package."""
import os

import numpy as np
import tensorflow.compat.v1 as tf

from zeppelin_lib.inputs import Inputs

NUM_FLIGHTS = 12


def _write(path):
    rng = np.random.RandomState(70)
    with tf.python_io.TFRecordWriter(path) as writer:
        for i in range(NUM_FLIGHTS):
            alt = rng.randint(100, 900, size=3).astype(np.float32)
            ex = tf.train.Example(features=tf.train.Features(feature={
                'flight_id': tf.train.Feature(int64_list=tf.train.Int64List(value=[i])),
                'altitude': tf.train.Feature(float_list=tf.train.FloatList(value=alt)),
                'callsign': tf.train.Feature(bytes_list=tf.train.BytesList(value=[('LZ%03d' % (120 + i)).encode()])),
            }))
            writer.write(ex.SerializeToString())


def main(data_dir):
    out = os.path.join(data_dir, 'h70_zeppelin')
    os.makedirs(out, exist_ok=True)
    path = os.path.join(out, 'flights.tfrecords')
    _write(path)

    inputs = Inputs(path, batch_size=4, shuffle=True, min_queue_examples=4,
                    num_preprocess_threads=2, num_reader_threads=1)
    ids, altitudes, callsigns = inputs.get_batch(num_epochs=1)

    batches = []
    with tf.Session() as sess:
        sess.run([tf.global_variables_initializer(), tf.local_variables_initializer()])
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                i, a, c = sess.run([ids, altitudes, callsigns])
                batches.append([i.tolist(), np.round(a, 3).tolist(), [s.decode() for s in c]])
        except tf.errors.OutOfRangeError:
            pass
        finally:
            coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": "flights: %d" % sum(len(b[0]) for b in batches)}
