import os

import tensorflow as tf

from fixr_lib import pipeline as pl
from fixr_lib.records import write_windows


def main(data_dir):
    folder = os.path.join(data_dir, "fixr_train")
    write_windows(folder, 3, 4, 2)
    p = pl.WindowPipeline(folder, 4, True)
    out = []
    sess = tf.compat.v1.Session()
    sess.run(tf.compat.v1.local_variables_initializer())
    coord = tf.compat.v1.train.Coordinator()
    threads = tf.compat.v1.train.start_queue_runners(sess=sess, coord=coord)
    try:
        while not coord.should_stop():
            x, y, t0 = sess.run([p.x, p.y, p.t0])
            out.append([x.round(3).tolist(), y.tolist(), t0.tolist()])
    except tf.errors.OutOfRangeError:
        pass
    finally:
        coord.request_stop()
    coord.join(threads)
    sess.close()
    return {"batches": out, "end": "rows: %d" % sum(len(b[1]) for b in out)}
