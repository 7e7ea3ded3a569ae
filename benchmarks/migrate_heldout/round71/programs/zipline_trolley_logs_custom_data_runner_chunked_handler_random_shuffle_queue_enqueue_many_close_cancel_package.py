# Held-out round 71: zipline trolley logs (range-finder distances and line speed -> brake and release
# commands), fed to a controller network through a navigation project's ``CustomDataRunner``
# (``zipline71_data.custom_data_runner``, over the chunked CSV handler ``zipline71_data.fast_data_handler``): a
# RandomShuffleQueue filled by ``enqueue_many`` from a coordinator-aware daemon thread, ``dequeue_many`` in
# ``get_inputs``, and ``close()`` cancelling pending enqueues and joining the threads at the end of training.
# Writer changes: tiny seeded log; the loop takes the whole log once (12 rows, 3 steps).
import os

import numpy as np
import tensorflow.compat.v1 as tf

from zipline71_data.custom_data_runner import CustomDataRunner

BATCH_SIZE = 4


def _write_log(folder):
    os.makedirs(folder, exist_ok=True)
    rng = np.random.RandomState(71)
    path = os.path.join(folder, "trolley_log.csv")
    with open(path, "w") as f:
        for i in range(12):
            ranges = np.round(rng.uniform(0, 40, size=4), 2)
            speed = round(float(rng.uniform(0, 15)), 2)
            brake = 1.0 if ranges.min() < 8 else 0.0
            f.write(",".join(str(v) for v in list(ranges) + [speed, brake, 1.0 - brake]) + "\n")
    return path


def main(data_dir):
    filepath = _write_log(os.path.join(data_dir, "h71_zipline"))

    data_runner = CustomDataRunner(filepath, BATCH_SIZE, chunksize=5)
    data_batch, cmd_batch = data_runner.get_inputs()

    batches = []
    with tf.Session() as sess:
        sess.run(tf.global_variables_initializer())
        coord = tf.train.Coordinator()
        tf.train.start_queue_runners(sess=sess, coord=coord)
        data_runner.start_threads(sess, coord)
        for step in range(12 // BATCH_SIZE):
            x, y = sess.run([data_batch, cmd_batch])
            batches.append([np.round(x, 2).tolist(), y.tolist()])
        coord.request_stop()
        data_runner.close()
    return {"batches": batches, "end": "log rows: %d" % sum(len(b[1]) for b in batches)}
