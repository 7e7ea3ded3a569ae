# Sauerkraut crock loggers: each file a header (magic + crock id) then float32 records of day, pH, temperature
# and salt percentage.
import os
import struct

import numpy as np
import tensorflow.compat.v1 as tf

from sauerkraut76.sources import BinaryRecordSource


def main(data_dir):
    out = os.path.join(data_dir, 'h76_sauerkraut')
    if not os.path.isdir(out):
        os.makedirs(out)
    rng = np.random.RandomState(2)
    files = []
    for crock, days in ((1, 4), (2, 5)):
        path = os.path.join(out, 'crock%d.bin' % crock)
        with open(path, 'wb') as f:
            f.write(b'KRAU' + struct.pack('<i', crock))
            for d in range(days):
                rec = np.array([d, 6.0 - 0.4 * d + rng.rand() * 0.1, 18 + rng.rand() * 3, 2.0], np.float32)
                f.write(rec.tobytes())
        files.append(path)

    source = BinaryRecordSource()
    days, values = source.batches(files, batch_size=3)
    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                d, v = sess.run([days, values])
                batches.append([d.tolist(), np.round(v, 3).tolist()])
        except tf.errors.OutOfRangeError:
            pass
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": batches, "end": "records: %d" % sum(len(b[0]) for b in batches)}
