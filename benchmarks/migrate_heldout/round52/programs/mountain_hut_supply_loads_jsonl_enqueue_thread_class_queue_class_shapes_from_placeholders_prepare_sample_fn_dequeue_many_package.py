"""Hut warden's load planner: helicopter supply loads pushed by an EnqueueThread into a FIFOQueue."""
import functools
import os

import tensorflow.compat.v1 as tf

from supply52_lib.enqueue_thread import EnqueueThread
from supply52_lib import loads


def main(data_dir):
    folder = os.path.join(data_dir, 'h52_hut_supply')
    if not os.path.isdir(folder):
        os.makedirs(folder)
    path = os.path.join(folder, 'loads.jsonl')
    loads.write_loads(path)

    inputs = [tf.placeholder(tf.int64, [None], name='flight'),
              tf.placeholder(tf.int32, [None], name='hut'),
              tf.placeholder(tf.float32, [None, 3], name='kg'),
              tf.placeholder(tf.int32, [None], name='gas')]
    enqueue_thread = EnqueueThread(inputs, capacity=8, queue_class=tf.FIFOQueue)
    flight, hut, kg, gas = enqueue_thread.dequeue(4)
    total_kg = tf.reduce_sum(kg, axis=1) + 35.0 * tf.cast(gas, tf.float32)

    batches = []
    sess = tf.Session()
    enqueue_thread.prepare(sess, functools.partial(loads.load_chunks, path, 5))
    enqueue_thread.start()
    try:
        while True:
            f, h, k, g, t = sess.run([flight, hut, kg, gas, total_kg])
            batches.append([f.tolist(), h.tolist(), k.tolist(), g.tolist(), t.tolist()])
    except tf.errors.OutOfRangeError:
        print('queue drained')
    enqueue_thread.stop()
    enqueue_thread.join()
    sess.close()
    return {"batches": batches, "end": "loads: %d" % sum(len(b[0]) for b in batches)}
