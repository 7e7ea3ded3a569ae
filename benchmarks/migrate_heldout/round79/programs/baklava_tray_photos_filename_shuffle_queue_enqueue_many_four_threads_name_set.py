"""Baklava tray photos: a student's check of a hand-built filename queue. The first seven names of the photo
folder go into a RandomShuffleQueue by `enqueue_many`, a QueueRunner repeats that enqueue op on four threads,
the script dequeues a fixed number of names and prints the set it saw (here returned sorted, one name per
batch)."""
import os

import numpy as np
import tensorflow.compat.v1 as tf


def main(data_dir):
    d = os.path.join(data_dir, 'h79_baklava', 'splits', 'train')
    os.makedirs(d, exist_ok=True)
    rng = np.random.RandomState(79)
    for i in range(7):
        with open(os.path.join(d, 'tray_%03d.png' % rng.randint(0, 999)), 'wb') as f:
            f.write(b'\x89PNG' + bytes([i]))

    data_dir = d + '/'
    filenames = os.listdir(data_dir)[:7]
    filenames_tensor = tf.constant(filenames)
    fnq = tf.RandomShuffleQueue(capacity=60, min_after_dequeue=30, dtypes=tf.string, seed=79)
    filename = fnq.dequeue()
    enq_op = fnq.enqueue_many(filenames_tensor)
    qr_f = tf.train.QueueRunner(fnq, [enq_op] * 4)
    sess = tf.Session()
    coord = tf.train.Coordinator()
    enqueue_threads = qr_f.create_threads(sess, coord=coord, start=True)

    output = ['xxxxxx.png'] * 200
    for step in range(200):
        if coord.should_stop():
            break
        output[step] = sess.run(filename).decode()

    print(set(output))

    coord.request_stop()
    coord.join(enqueue_threads)
    sess.close()
    seen = sorted(set(output))
    return {"batches": [[name] for name in seen], "end": "tray photos: %d" % len(seen)}
