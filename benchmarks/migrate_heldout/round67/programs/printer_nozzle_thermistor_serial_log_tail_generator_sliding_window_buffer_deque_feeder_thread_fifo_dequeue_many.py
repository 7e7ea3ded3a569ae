# 3D printer hotend monitor: the Marlin serial log ("T:215.3 /215.0 B:60.1 /60.0 @:87") is
# tailed line by line, readings go through a sliding window buffer, and every full window is
# pushed into a TensorFlow queue by a background thread. The main thread trains on windows.
import os
import re
import threading
from collections import deque

import numpy as np
import tensorflow as tf

WINDOW_SIZE = 4
STRIDE = 2
NUM_FEATURES = 2   # hotend temperature, heater power

TEMP_RE = re.compile(r"T:([\d.]+) /([\d.]+) B:([\d.]+) /([\d.]+) @:(\d+)")


class SlidingWindowBuffer:
    def __init__(self, window_size=10):
        self.window_size = window_size
        self.buffer = deque(maxlen=window_size)

    def add(self, data_point):
        """
        data_point: list or numpy array of features
        """
        self.buffer.append(data_point)

    def is_ready(self):
        return len(self.buffer) == self.window_size

    def get_sequence(self):
        """
        Returns data in correct time order for LSTM
        Shape: (window_size, num_features)
        """
        if not self.is_ready():
            return None
        return list(self.buffer)


def tail_serial_log(path):
    """Yields (temperature, power, target) for every temperature report in the log."""
    with open(path) as f:
        for line in f:
            m = TEMP_RE.search(line)
            if m is None:
                continue  # "ok", "echo:busy: processing" ...
            t, target, _, _, power = m.groups()
            yield float(t), int(power) / 127.0, float(target)


def feeder(sess, enqueue_op, window_ph, label_ph, close_op, log_path, coord):
    buf = SlidingWindowBuffer(window_size=WINDOW_SIZE)
    count = 0
    try:
        for temp, power, target in tail_serial_log(log_path):
            if coord.should_stop():
                break
            buf.add([temp, power])
            count += 1
            if buf.is_ready() and (count - WINDOW_SIZE) % STRIDE == 0:
                window = np.array(buf.get_sequence(), dtype=np.float32)
                overshoot = int(window[-1, 0] - target > 1.0)
                sess.run(enqueue_op, feed_dict={window_ph: window, label_ph: overshoot})
    finally:
        sess.run(close_op)


def write_log(path):
    rng = np.random.RandomState(67)
    temp = 200.0
    with open(path, "w") as f:
        f.write("start\necho:Marlin 2.0.9\n")
        for i in range(16):
            temp += rng.uniform(0.5, 3.0) if temp < 216 else rng.uniform(-2.0, 0.5)
            power = max(0, min(127, int((215 - temp) * 20 + 40)))
            f.write("ok T:%.1f /215.0 B:60.%d /60.0 @:%d B@:0\n" % (temp, i % 10, power))
            if i % 5 == 4:
                f.write("echo:busy: processing\n")


def main(data_dir):
    folder = os.path.join(data_dir, "h67_printer")
    os.makedirs(folder, exist_ok=True)
    log_path = os.path.join(folder, "serial_2024-03-02.log")
    write_log(log_path)

    window_ph = tf.compat.v1.placeholder(tf.float32, [WINDOW_SIZE, NUM_FEATURES], name="window")
    label_ph = tf.compat.v1.placeholder(tf.int32, [], name="overshoot")
    q = tf.compat.v1.FIFOQueue(capacity=16, dtypes=[tf.float32, tf.int32],
                               shapes=[[WINDOW_SIZE, NUM_FEATURES], []])
    enqueue_op = q.enqueue([window_ph, label_ph])
    close_op = q.close()
    windows, labels = q.dequeue_many(3)

    # the (tiny) model: temperature slope over the window
    slope = windows[:, -1, 0] - windows[:, 0, 0]

    sess = tf.compat.v1.Session()
    coord = tf.compat.v1.train.Coordinator()
    t = threading.Thread(target=feeder,
                         args=(sess, enqueue_op, window_ph, label_ph, close_op, log_path, coord))
    t.daemon = True
    t.start()

    batches = []
    while True:
        try:
            w, l, s = sess.run([windows, labels, slope])
        except tf.errors.OutOfRangeError:
            break
        batches.append([np.round(w, 2).tolist(), l.tolist(), np.round(s, 2).tolist()])
    coord.request_stop()
    t.join()
    leftover = sess.run(q.size())
    sess.close()
    return {"batches": batches, "end": {"leftover_windows": int(leftover)}}
