"""Kite surfing sessions: how many jumps per session, read in steps counted from the record file."""
import os

import numpy as np
import tensorflow.compat.v1 as tf

from kite50_lib import records

SPOTS = [b"Tarifa", b"Dakhla", b"Cabarete", b"Le Morne"]


def write_sessions(filename):
    rng = np.random.RandomState(5005)
    writer = tf.python_io.TFRecordWriter(filename)
    for k in range(10):
        mean = float(rng.randint(14, 30))
        ex = tf.train.Example(features=tf.train.Features(feature={
            'spot': tf.train.Feature(bytes_list=tf.train.BytesList(value=[SPOTS[k % 4]])),
            'wind_knots': tf.train.Feature(float_list=tf.train.FloatList(value=[mean, mean + rng.randint(2, 9)])),
            'jumps': tf.train.Feature(int64_list=tf.train.Int64List(value=[int(rng.randint(0, 25))])),
        }))
        writer.write(ex.SerializeToString())
    writer.close()


def main(data_dir):
    out = os.path.join(data_dir, "h50_kite_sessions")
    if not os.path.exists(out):
        os.makedirs(out)
    filename = os.path.join(out, "sessions.tfrecord")
    write_sessions(filename)
    if os.path.exists(filename + ".json"):
        os.remove(filename + ".json")

    (spots, winds, jumps), steps = records.load_records(filename)

    batches = []
    sess = tf.Session()
    sess.run([tf.global_variables_initializer(), tf.local_variables_initializer()])
    coord = tf.train.Coordinator()
    threads = tf.train.start_queue_runners(sess=sess, coord=coord)
    for step in range(steps):
        s, w, j = sess.run([spots, winds, jumps])
        batches.append([[x.decode() for x in s], w.tolist(), j.tolist()])
    coord.request_stop()
    coord.join(threads)
    sess.close()
    return {"batches": batches, "end": "sessions: %d in %d steps" % (sum(len(b[0]) for b in batches), steps)}
