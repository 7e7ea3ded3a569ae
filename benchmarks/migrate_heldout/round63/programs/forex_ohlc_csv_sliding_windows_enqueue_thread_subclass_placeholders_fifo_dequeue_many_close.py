import csv
import os
import threading

import numpy as np
import tensorflow.compat.v1 as tf

WINDOW = 5


class EnqueueThread(threading.Thread):
    def __init__(self, sess, inputs, capacity, queue_class, data_fn):
        """Thread for enqueue

        Args:
            inputs (list): List of placeholder
            capacity (int): Size of queue
            queue_class : Function for initialize queue
        """
        super(EnqueueThread, self).__init__()
        self.daemon = True
        self.sess = sess
        self.inputs = inputs
        self.capacity = capacity
        self.data_fn = data_fn
        self.queue = queue_class(
            capacity=self.capacity,
            dtypes=[i.dtype for i in self.inputs],
            shapes=self._get_shape()
        )
        self.enqueue_op = self.queue.enqueue(self.inputs)
        self.close_op = self.queue.close()
        self.should_stop = False

    def _get_shape(self):
        return [i.get_shape().as_list() for i in self.inputs]

    def run(self):
        for values in self.data_fn():
            if self.should_stop:
                break
            self.sess.run(self.enqueue_op, feed_dict=dict(zip(self.inputs, values)))
        self.sess.run(self.close_op)

    def dequeue_many(self, n):
        return self.queue.dequeue_many(n)


def write_quotes(path):
    rng = np.random.RandomState(6308)
    price = 1.0850
    with open(path, 'w', newline='') as f:
        w = csv.writer(f)
        w.writerow(['timestamp', 'open', 'high', 'low', 'close'])
        for i in range(28):
            o = price
            c = round(o + rng.normal(0, 0.0008), 5)
            w.writerow(['2017-03-01 %02d:00' % (i % 24), '%.5f' % o, '%.5f' % (max(o, c) + 0.0003),
                        '%.5f' % (min(o, c) - 0.0003), '%.5f' % c])
            price = c


def sliding_windows(path):
    def gen():
        with open(path) as f:
            rows = list(csv.DictReader(f))
        ohlc = np.array([[float(r[k]) for k in ('open', 'high', 'low', 'close')] for r in rows], np.float32)
        for start in range(len(ohlc) - WINDOW - 3):
            window = ohlc[start:start + WINDOW]
            normed = window / window[0, 0] - 1.0
            target = ohlc[start + WINDOW, 3] > ohlc[start + WINDOW - 1, 3]
            yield normed, np.int32(target)
    return gen


def main(data_dir):
    d = os.path.join(data_dir, 'h63_forex_ohlc_csv_sliding_windows_enqueue_thread_subclass_placeholders_fifo_dequeue_many_close')
    os.makedirs(d, exist_ok=True)
    path = os.path.join(d, 'EURUSD_H1.csv')
    write_quotes(path)
    x = tf.placeholder(tf.float32, [WINDOW, 4], name='window')
    y = tf.placeholder(tf.int32, [], name='direction')
    sess = tf.Session()
    feeder = EnqueueThread(sess, [x, y], capacity=8, queue_class=tf.FIFOQueue, data_fn=sliding_windows(path))
    xb, yb = feeder.dequeue_many(4)
    feeder.start()
    batches = []
    while True:
        try:
            xs, ys = sess.run([xb, yb])
        except tf.errors.OutOfRangeError:
            break
        batches.append([np.round(xs, 5).tolist(), ys.tolist()])
    feeder.join()
    sess.close()
    return {'batches': batches, 'end': 'feeder closed queue'}
