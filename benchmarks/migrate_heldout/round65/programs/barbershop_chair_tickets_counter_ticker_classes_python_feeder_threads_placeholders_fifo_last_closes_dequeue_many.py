import csv
import os
import threading
from collections import defaultdict

import numpy as np
import tensorflow.compat.v1 as tf


class Ticker:
    """
    Executes a sequence of functions every tick() call.
    """
    ticker_fns = defaultdict(list)

    @classmethod
    def tick(cls, ticker_name):
        fns = cls.ticker_fns[ticker_name]
        for fn in fns:
            fn()

    @classmethod
    def add(cls, fn, ticker_name):
        assert callable(fn)
        cls.ticker_fns[ticker_name].append(fn)


class Counter:
    def __init__(self, name):
        self.name = name
        self._value = 0

    def increment(self, inc=1):
        self._value += inc

    def reset(self):
        self._value = 0

    @property
    def value(self):
        return self._value


def write_chairs(folder):
    if not os.path.isdir(folder):
        os.makedirs(folder)
    rng = np.random.RandomState(6508)
    paths = []
    for chair in range(2):
        path = os.path.join(folder, "chair_%d.csv" % chair)
        with open(path, "w") as f:
            w = csv.writer(f)
            for i in range(6):
                w.writerow([chair, ["fade", "trim", "shave", "beard"][rng.randint(4)], rng.randint(10, 45),
                            "%.2f" % rng.choice([18.0, 22.5, 30.0])])
        paths.append(path)
    return paths


def main(data_dir):
    paths = write_chairs(os.path.join(data_dir, "h65_barbershop_tickets"))
    Ticker.ticker_fns = defaultdict(list)

    chair_ph = tf.placeholder(tf.int32, [])
    ticket_ph = tf.placeholder(tf.int32, [])
    service_ph = tf.placeholder(tf.string, [])
    minutes_ph = tf.placeholder(tf.float32, [])
    price_ph = tf.placeholder(tf.float32, [])
    queue = tf.FIFOQueue(8, [tf.int32, tf.int32, tf.string, tf.float32], shapes=[[], [], [], []])
    enqueue_op = queue.enqueue([chair_ph, ticket_ph, service_ph, price_ph / (minutes_ph / 60.0)])
    close_op = queue.close()
    chairs, tickets, services, per_hour = queue.dequeue_many(4)

    sess = tf.Session()
    lock = threading.Lock()
    finished = Counter("finished_chairs")
    steps = Counter("steps")
    Ticker.add(steps.increment, "main")

    def feed_chair(path):
        tickets_given = Counter(os.path.basename(path))
        with open(path) as f:
            for row in csv.reader(f):
                tickets_given.increment()
                sess.run(enqueue_op, feed_dict={chair_ph: int(row[0]), ticket_ph: tickets_given.value,
                                                service_ph: row[1], minutes_ph: float(row[2]),
                                                price_ph: float(row[3])})
        with lock:
            finished.increment()
            if finished.value == len(paths):
                sess.run(close_op)

    threads = [threading.Thread(target=feed_chair, args=(p,)) for p in paths]
    for t in threads:
        t.daemon = True
        t.start()

    batches = []
    try:
        while True:
            c, t, s, h = sess.run([chairs, tickets, services, per_hour])
            Ticker.tick("main")
            batches.append([c.tolist(), t.tolist(), [x.decode() for x in s], np.round(h, 4).tolist()])
    except tf.errors.OutOfRangeError:
        pass
    for t in threads:
        t.join()
    sess.close()
    return {"batches": batches, "end": "customers: %d, steps: %d" % (sum(len(b[0]) for b in batches), steps.value)}
