"""A plain wrapper call (`read_rows = row_reader(parse_row)`, no decorator) makes the threads' target;
`import tensorflow as tf` with `tf.compat.v1` spelled out; two threads over halves of a CSV, each item fed
once; the last to end closes the queue (the countdown is the function's last statement); `dequeue_up_to`
keeps the short tail."""
import os
import threading

import numpy as np
import tensorflow as tf

WORKERS = 2
_GUARD = threading.RLock()
_RUNNING = [0]


def row_reader(parse):
    def feed(sess, coord, enqueue_op, close_op, xs, ys, path, worker):
        with open(path) as f:
            rows = [r for r in f.read().splitlines() if r]
        for row in rows[worker::WORKERS]:
            if coord.should_stop():
                break
            x, y = parse(row)
            sess.run(enqueue_op, feed_dict={xs: x, ys: y})
        with _GUARD:
            _RUNNING[0] -= 1
            if _RUNNING[0] == 0:
                sess.run(close_op)
    return feed


def parse_row(row):
    cells = row.split(',')
    return np.array([float(c) for c in cells[1:]], np.float32), int(cells[0])


read_rows = row_reader(parse_row)


def main(data_dir):
    path = os.path.join(data_dir, 'wrapper_assign_rows.csv')
    with open(path, 'w') as f:
        for i in range(12):
            f.write('%d,%.1f,%.1f,%.1f\n' % (i % 3, i, i * 0.5, -i))
    xs = tf.compat.v1.placeholder(tf.float32, [3])
    ys = tf.compat.v1.placeholder(tf.int64, [])
    queue = tf.queue.FIFOQueue(4, [tf.float32, tf.int64], shapes=[[3], []])
    enqueue_op = queue.enqueue([xs, ys])
    close_op = queue.close()
    x_batch, y_batch = queue.dequeue_up_to(4)
    norm = tf.reduce_sum(x_batch * x_batch, axis=1)
    out = []
    with tf.compat.v1.Session() as sess:
        coord = tf.compat.v1.train.Coordinator()
        workers = []
        _RUNNING[0] = WORKERS
        for w in range(WORKERS):
            worker = threading.Thread(target=read_rows,
                                      args=(sess, coord, enqueue_op, close_op, xs, ys, path, w))
            worker.start()
            workers.append(worker)
        try:
            while True:
                a, b, n = sess.run([x_batch, y_batch, norm])
                out.append([a.tolist(), b.tolist(), n.tolist()])
        except tf.errors.OutOfRangeError:
            pass
        coord.request_stop()
        coord.join(workers)
    return {'batches': out, 'end': 'rows: %d' % sum(len(b[1]) for b in out)}
