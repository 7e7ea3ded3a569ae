"""A LooperThread runs a feed function back to back: each call enqueues one row through placeholders;
at the end of the data it closes the queue and asks the coordinator to stop; the consumer takes
dequeue_up_to(3) until the queue is empty."""
import os

import tensorflow.compat.v1 as tf


def read_gauge(path):
    rows = []
    with open(path) as f:
        next(f)
        for line in f:
            station, hour, level, surge = line.strip().split(';')
            rows.append(([float(level), float(surge)], station))
    return rows


class GaugeFeeder(object):
    def __init__(self, rows, capacity=8):
        self.rows = list(rows)
        self.position = 0
        self.levels = tf.placeholder(tf.float32, [2], name='levels')
        self.station = tf.placeholder(tf.string, [], name='station')
        self.queue = tf.FIFOQueue(capacity, [tf.float32, tf.string], shapes=[[2], []], name='tide_queue')
        self.enqueue_op = self.queue.enqueue([self.levels, self.station])
        self.close_op = self.queue.close()
        self.sess = None
        self.coord = None

    def step(self):
        if self.position >= len(self.rows):
            self.sess.run(self.close_op)
            self.coord.request_stop()
            return
        levels, station = self.rows[self.position]
        self.position += 1
        self.sess.run(self.enqueue_op, feed_dict={self.levels: levels, self.station: station})

    def start(self, sess, coord):
        self.sess, self.coord = sess, coord
        return tf.train.LooperThread.loop(coord, None, self.step)


def main(data_dir):
    folder = os.path.join(data_dir, 'h24_tides_looper_thread_feeder')
    os.makedirs(folder, exist_ok=True)
    path = os.path.join(folder, 'gauges.csv')
    with open(path, 'w') as f:
        f.write('station;hour;level_m;surge_m\n')
        for i in range(11):
            f.write('%s;%d;%.2f;%.2f\n' % (['Brest', 'Dover', 'Esbjerg'][i % 3], i, 1.5 + (i % 6) * 0.4,
                                             (i % 3) * 0.05))
    feeder = GaugeFeeder(read_gauge(path))
    levels, stations = feeder.queue.dequeue_up_to(3)
    high_water = tf.reduce_sum(levels, axis=1)

    batches = []
    with tf.Session() as sess:
        coord = tf.train.Coordinator()
        looper = feeder.start(sess, coord)
        end = 'steps'
        while True:
            try:
                lv, st, hw = sess.run([levels, stations, high_water])
            except tf.errors.OutOfRangeError:
                end = 'OutOfRangeError'
                break
            batches.append([lv.round(3).tolist(), [s.decode() for s in st], [round(float(h), 3) for h in hw]])
        coord.join([looper])
    return {'batches': batches, 'end': end}
