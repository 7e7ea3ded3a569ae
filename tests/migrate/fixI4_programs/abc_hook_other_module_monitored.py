"""An ``abc.ABC`` base's template method reading ``self.make_reader()``, overridden in another module's subclass
(``FixedLengthRecordReader`` with ``record_bytes`` from ``self``), run under a ``MonitoredSession`` with a scaffold."""
import os

import numpy as np
import tensorflow.compat.v1 as tf

from i4_lib.floats import FloatRows


def main(data_dir):
    folder = os.path.join(data_dir, "i4_abc")
    os.makedirs(folder, exist_ok=True)
    files = []
    for day in range(2):
        rows = [[day * 10 + i, i * 0.5, -i * 1.5] for i in range(5)]
        path = os.path.join(folder, "d%d.bin" % day)
        np.asarray(rows, np.float32).tofile(path)
        files.append(path)
    ids, vals = FloatRows(files, batch_size=2, width=3).get_batch()
    scaffold = tf.train.Scaffold(local_init_op=tf.local_variables_initializer())
    batches = []
    with tf.train.MonitoredSession(session_creator=tf.train.ChiefSessionCreator(scaffold=scaffold)) as sess:
        while not sess.should_stop():
            i, v = sess.run([ids, vals])
            batches.append([i.tolist(), v.tolist()])
    return {"batches": batches, "end": "OutOfRangeError"}
