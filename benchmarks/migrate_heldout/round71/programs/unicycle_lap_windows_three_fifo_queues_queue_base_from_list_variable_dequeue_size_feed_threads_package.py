# Held-out round 71: unicycle lap sensor windows (wheel speed, pedal torque, tilt -> fall / no fall) fed by a
# SESOP research repository's ``CustomRunner`` (``unicycle71_sesop.custom_runner``): three FIFOQueues filled by
# ``enqueue_many`` from one daemon thread each, the queue read by the model picked by
# ``tf.QueueBase.from_list(data_source_idx, [test, train, sesop_train])`` and the dequeue size taken from a
# variable. The script trains on the train queue, runs SESOP steps with a smaller batch on the SESOP queue, then
# evaluates on the test queue.
# Writer changes: tiny seeded data; one pass per queue; steps that take every row exactly once; no model; the
# feeding threads are joined before the session closes.
import os

import numpy as np
import tensorflow.compat.v1 as tf

from unicycle71_sesop.custom_runner import CustomRunner

BATCH_SIZE = 4


def _load_laps(data_dir):
    folder = os.path.join(data_dir, "h71_unicycle")
    os.makedirs(folder, exist_ok=True)
    rng = np.random.RandomState(71)
    path = os.path.join(folder, "laps.npz")
    feats = np.round(rng.uniform(-1, 1, size=(16, 3)), 3).astype(np.float32)
    fell = (np.arange(16) % 3 == 0).astype(np.float32)
    labels = np.stack([fell, 1.0 - fell], axis=1)
    np.savez(path, train_x=feats[:12], train_y=labels[:12], test_x=feats[12:], test_y=labels[12:])
    data = np.load(path)
    return data["train_x"], data["train_y"], data["test_x"], data["test_y"]


def main(data_dir):
    train_x, train_y, test_x, test_y = _load_laps(data_dir)

    runner = CustomRunner(train_x, train_y, test_x, test_y, BATCH_SIZE)
    x_batch, y_batch = runner.get_inputs()

    sess = tf.Session()
    sess.run(tf.global_variables_initializer())
    threads = runner.start_threads(sess)

    batches = []

    def fetch(steps):
        for _ in range(steps):
            xv, yv = sess.run([x_batch, y_batch])
            batches.append([np.round(xv, 3).tolist(), yv.tolist()])

    # training steps on the train queue
    runner.set_data_source(sess, 1)
    fetch(2)
    # SESOP steps on their own queue, smaller batches
    runner.set_data_source(sess, 2)
    runner.set_deque_batch_size(sess, 2)
    fetch(2)
    # evaluation on the test queue
    runner.set_data_source(sess, 0)
    runner.set_deque_batch_size(sess, BATCH_SIZE)
    fetch(1)
    for t in threads:
        t.join()
    sess.close()
    return {"batches": batches, "end": "lap windows: %d" % sum(len(b[1]) for b in batches)}
