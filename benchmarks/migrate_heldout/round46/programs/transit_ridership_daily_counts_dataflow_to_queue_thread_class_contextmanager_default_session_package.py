import os
import random

import numpy as np
import tensorflow as tf

from transit46_lib.dataflow import RidershipCSV
from transit46_lib.feeding import DataFlowToQueue

tf1 = tf.compat.v1


def write_counts(folder):
    os.makedirs(folder, exist_ok=True)
    path = os.path.join(folder, 'route_days.csv')
    random.seed(4605)
    with open(path, 'w') as f:
        for day in range(10):
            route = random.choice(['R1', 'R7', 'B12', 'T3'])
            f.write('%s,%d,%d,%d\n' % (route, day % 7, random.randint(200, 4000), random.randint(200, 4000)))
    return path


def main(data_dir):
    ds = RidershipCSV(write_counts(os.path.join(data_dir, 'h46_ridership')))
    placeholders = [tf1.placeholder(tf.string, [], name='route'),
                    tf1.placeholder(tf.int32, [], name='weekday'),
                    tf1.placeholder(tf.float32, [2], name='counts')]
    feeder = DataFlowToQueue(ds, placeholders, queue_size=4)
    route, weekday, counts = feeder.dequeue()
    net_flow = counts[0] - counts[1]
    is_weekend = tf.greater_equal(weekday, 5)

    seen = []
    sess = tf1.Session()
    feeder.set_session(sess)
    feeder.start()
    try:
        while True:
            r, w, c, n, we = sess.run([route, weekday, counts, net_flow, is_weekend])
            seen.append([[r.decode()], [int(w)], [np.round(c, 2).tolist()], [float(n)], [bool(we)]])
    except tf.errors.OutOfRangeError:
        pass
    feeder.join()
    sess.close()
    return {'batches': seen, 'end': 'route days: %d' % len(seen)}
