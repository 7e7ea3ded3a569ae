"""'How do I feed a queue from numpy?': the greenhouse readings live in .npy files; a Python thread pushes
chunks of them through placeholders with enqueue_many and closes the queue when it is done."""
import os
import threading

import numpy as np
import tensorflow.compat.v1 as tf

CHUNK = 5
BATCH = 4

readings = None
vent_open = None


def load_and_enqueue(sess, enqueue_op, close_op, coord, x_ph, y_ph):
    start = 0
    while start < len(readings) and not coord.should_stop():
        end = start + CHUNK
        sess.run(enqueue_op, feed_dict={x_ph: readings[start:end], y_ph: vent_open[start:end]})
        start = end
    sess.run(close_op)


def main(data_dir):
    global readings, vent_open
    folder = os.path.join(data_dir, "h53_greenhouse_humidity_numpy_feeder_thread_placeholders_fifo_queue_dequeue_many")
    os.makedirs(folder, exist_ok=True)
    rng = np.random.RandomState(5303)
    x = np.stack([rng.uniform(15, 32, 20), rng.uniform(40, 95, 20), rng.uniform(380, 900, 20)], axis=1)
    np.save(os.path.join(folder, "readings.npy"), np.round(x, 2).astype(np.float32))
    np.save(os.path.join(folder, "vent_open.npy"), (x[:, 1] > 70).astype(np.int32))

    readings = np.load(os.path.join(folder, "readings.npy"))
    vent_open = np.load(os.path.join(folder, "vent_open.npy"))

    x_ph = tf.placeholder(tf.float32, shape=[None, 3])
    y_ph = tf.placeholder(tf.int32, shape=[None])
    q = tf.FIFOQueue(capacity=50, dtypes=[tf.float32, tf.int32], shapes=[[3], []])
    enqueue_op = q.enqueue_many([x_ph, y_ph])
    close_op = q.close()
    x_batch, y_batch = q.dequeue_many(BATCH)

    batches = []
    sess = tf.Session()
    coord = tf.train.Coordinator()
    t = threading.Thread(target=load_and_enqueue, args=(sess, enqueue_op, close_op, coord, x_ph, y_ph))
    t.daemon = True
    t.start()
    try:
        while True:
            xb, yb = sess.run([x_batch, y_batch])
            batches.append([xb.tolist(), yb.tolist()])
    except tf.errors.OutOfRangeError:
        print("queue drained")
    coord.request_stop()
    coord.join([t])
    sess.close()
    return {"batches": batches, "end": "readings: %d" % (BATCH * len(batches))}
