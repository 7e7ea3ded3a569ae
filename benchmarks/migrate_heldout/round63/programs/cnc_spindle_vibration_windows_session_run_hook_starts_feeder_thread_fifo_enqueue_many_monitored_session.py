"""CNC spindle accelerometer windows; a SessionRunHook starts the feeder once the session exists."""
import os
import threading

import numpy as np
import tensorflow.compat.v1 as tf

WINDOW = 8
HOP = 4
CHUNK = 3


class FeederHook(tf.train.SessionRunHook):
    """Hook to start the numpy feeder thread after the session is created."""

    def __init__(self, enqueue_op, close_op, placeholders, chunks):
        super(FeederHook, self).__init__()
        self._enqueue_op = enqueue_op
        self._close_op = close_op
        self._placeholders = placeholders
        self._chunks = chunks
        self._thread = None

    def after_create_session(self, session, coord):
        def feed():
            for chunk in self._chunks:
                session.run(self._enqueue_op, feed_dict=dict(zip(self._placeholders, chunk)))
            session.run(self._close_op)
        self._thread = threading.Thread(target=feed)
        self._thread.daemon = True
        self._thread.start()

    def end(self, session):
        if self._thread is not None:
            self._thread.join()


def load_windows(path):
    data = np.loadtxt(path, delimiter=',', skiprows=1, dtype=np.float32)
    signal, rpm = data[:, 1], data[:, 2]
    windows, labels = [], []
    for start in range(0, len(signal) - WINDOW + 1, HOP):
        w = signal[start:start + WINDOW]
        windows.append(w - w.mean())
        labels.append(int(rpm[start] > 9000))
    windows, labels = np.array(windows), np.array(labels, np.int32)
    return [(windows[i:i + CHUNK], labels[i:i + CHUNK]) for i in range(0, len(windows), CHUNK)]


def main(data_dir):
    d = os.path.join(data_dir, 'h63_cnc_spindle_vibration_windows_session_run_hook_starts_feeder_thread_fifo_enqueue_many_monitored_session')
    os.makedirs(d, exist_ok=True)
    path = os.path.join(d, 'spindle_accel.csv')
    rng = np.random.RandomState(6311)
    t = np.arange(84)
    rpm = np.where(t < 42, 8000, 12000)
    accel = np.sin(t * rpm / 20000.0) + rng.normal(0, 0.1, len(t))
    with open(path, 'w') as f:
        f.write('t,accel_g,rpm\n')
        for i in t:
            f.write('%d,%.4f,%d\n' % (i, accel[i], rpm[i]))
    chunks = load_windows(path)  # 20 windows in chunks of 3

    windows_ph = tf.placeholder(tf.float32, [None, WINDOW])
    labels_ph = tf.placeholder(tf.int32, [None])
    queue = tf.FIFOQueue(capacity=12, dtypes=[tf.float32, tf.int32], shapes=[[WINDOW], []])
    enqueue_op = queue.enqueue_many([windows_ph, labels_ph])
    close_op = queue.close()
    x, y = queue.dequeue_many(4)
    hook = FeederHook(enqueue_op, close_op, [windows_ph, labels_ph], chunks)
    batches = []
    with tf.train.MonitoredSession(hooks=[hook]) as sess:
        while not sess.should_stop():
            xv, yv = sess.run([x, y])
            batches.append([np.round(xv, 4).tolist(), yv.tolist()])
    return {'batches': batches, 'end': 'should_stop'}
