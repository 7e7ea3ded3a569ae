"""Coordinator and runners from tensorflow.python.training modules; a slice producer of one tensor."""

import numpy as np
import tensorflow.compat.v1 as tf
from tensorflow.python.training import coordinator
from tensorflow.python.training import queue_runner_impl


def main(data_dir):
    values = np.arange(23, dtype=np.int64) * 3
    value, = tf.train.slice_input_producer([values], num_epochs=1, shuffle=False)
    batch = tf.train.batch([value], batch_size=5, allow_smaller_final_batch=True)
    out = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = coordinator.Coordinator()
        threads = queue_runner_impl.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                out.append([sess.run(batch).tolist()])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": out, "end": end}
