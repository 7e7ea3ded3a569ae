"""Reefer container temperatures: logistics company code with an abstract DataSource class (reader and
parse hooks), FixedLengthRecordReader float rows, a `MonitoredSession` with a `ChiefSessionCreator(scaffold=...)`."""
import os

import numpy as np
import tensorflow.compat.v1 as tf

from reefer72.sources import ContainerTemperatureSource


def write_logs(folder):
    rng = np.random.RandomState(61)
    files = []
    for day in range(2):
        rows = []
        for i in range(4):
            rows.append([day * 10 + i] + list(np.round(rng.uniform(-25, 5, size=4), 1)))
        path = os.path.join(folder, 'day%d.bin' % day)
        np.asarray(rows, np.float32).tofile(path)
        files.append(path)
    return files


def main(data_dir):
    folder = os.path.join(data_dir, 'h72_reefer')
    os.makedirs(folder, exist_ok=True)
    files = write_logs(folder)

    source = ContainerTemperatureSource(files, batch_size=2, num_epochs=1)
    ids, temps = source.get_batch()
    scaffold = tf.train.Scaffold(local_init_op=tf.local_variables_initializer())
    batches = []
    with tf.train.MonitoredSession(session_creator=tf.train.ChiefSessionCreator(scaffold=scaffold)) as mon_sess:
        while not mon_sess.should_stop():
            i, t = mon_sess.run([ids, temps])
            batches.append([i.tolist(), np.round(t, 1).tolist()])
    return {"batches": batches, "end": "containers: %d" % (2 * len(batches))}
