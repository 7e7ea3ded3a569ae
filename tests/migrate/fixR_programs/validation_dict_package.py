import os

import tensorflow.compat.v1 as tf

from fixr_lib.pipeline import WindowPipeline
from fixr_lib.records import write_windows


def main(data_dir):
    folder = os.path.join(data_dir, "fixr_val")
    write_windows(folder, 2, 5, 1)
    pipeline = WindowPipeline(folder, 5, False)
    total = tf.reduce_sum(pipeline.x, axis=[1, 2])
    out = []
    with tf.Session() as sess:
        sess.run([tf.global_variables_initializer(), tf.local_variables_initializer()])
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                x, y, t0, s = sess.run([pipeline.x, pipeline.y, pipeline.t0, total])
                out.append([x.round(3).tolist(), y.tolist(), t0.tolist(), s.round(3).tolist()])
        except tf.errors.OutOfRangeError:
            pass
        finally:
            coord.request_stop()
        coord.join(threads)
    return {"batches": out, "end": "rows: %d" % sum(len(b[1]) for b in out)}
