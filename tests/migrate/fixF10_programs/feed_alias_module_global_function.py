"""Sensor readings fed by one thread function through placeholders made by a module-level name for
`tf.compat.v1.placeholder`, handed to the thread; a FIFOQueue read by `dequeue_many` until it is closed."""
import threading

import numpy as np
import tensorflow as tf

v1 = tf.compat.v1
make_input = v1.placeholder

ROWS = 10


def pump(sess, op, close_op, reading_in, sensor_in):
    for i in range(ROWS):
        sess.run(op, feed_dict={reading_in: np.float32(i * 1.5), sensor_in: np.int64(100 + i)})
    sess.run(close_op)


def main(data_dir):
    v1.disable_eager_execution()
    reading_in = make_input(tf.float32, shape=[])
    sensor_in = make_input(tf.int64, shape=[])
    queue = v1.FIFOQueue(capacity=8, dtypes=[tf.float32, tf.int64], shapes=[[], []])
    op = queue.enqueue([reading_in, sensor_in])
    close_op = queue.close()
    readings, sensors = queue.dequeue_many(3)

    batches = []
    with v1.Session() as sess:
        worker = threading.Thread(target=pump, args=(sess, op, close_op, reading_in, sensor_in))
        worker.start()
        try:
            while True:
                r, s = sess.run([readings, sensors])
                batches.append([r.tolist(), s.tolist()])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        worker.join()
    return {"batches": batches, "end": end}
