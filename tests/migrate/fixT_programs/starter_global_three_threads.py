"""Feed threads started by a starter function of the module on the enqueue and close ops a builder returned; the
builder sets the placeholders as module globals the starter hands on; three threads over parts of a list file,
the last to end closes the queue under a countdown (``import tensorflow.compat.v1 as tf``)."""
import os
import threading

import numpy as np
import tensorflow.compat.v1 as tf

CONF = {'list_path': None, 'threads': 3, 'batch': 2}
RAW = None
LABEL = None
_LOCK = threading.Lock()
_ALIVE = [0]


def read_wrapper(func):
    def inner(raw, label, sess, enqueue_op, close_op, coord, thread_id):
        with open(CONF['list_path']) as f:
            lines = [l.strip() for l in f if l.strip()]
        try:
            for line in lines[thread_id::CONF['threads']]:
                if coord.should_stop():
                    break
                value, tag = line.split(' ')
                sess.run(enqueue_op, feed_dict={raw: func(value), label: int(tag)})
        finally:
            with _LOCK:
                _ALIVE[0] -= 1
                if _ALIVE[0] == 0:
                    sess.run(close_op)
    return inner


@read_wrapper
def read_thread(value):
    return np.full([2], float(value), np.float32)


def build_nodes():
    global RAW, LABEL
    RAW = tf.placeholder(tf.float32, [2], name='raw')
    LABEL = tf.placeholder(tf.int32, [], name='label')
    queue = tf.FIFOQueue(4, [tf.float32, tf.int32], shapes=[[2], []])
    enqueue_op = queue.enqueue([RAW, LABEL])
    close_op = queue.close()
    xs, ys = queue.dequeue_many(CONF['batch'])
    return xs, ys, enqueue_op, close_op


def start_threads(sess, coord, enqueue_op, close_op):
    threads = []
    _ALIVE[0] = CONF['threads']
    for i in range(CONF['threads']):
        t = threading.Thread(target=read_thread, args=(RAW, LABEL, sess, enqueue_op, close_op, coord, i))
        t.daemon = True
        t.start()
        threads.append(t)
    return threads


def main(data_dir):
    folder = os.path.join(data_dir, 'fixT_global')
    os.makedirs(folder, exist_ok=True)
    CONF['list_path'] = os.path.join(folder, 'train.lst')
    with open(CONF['list_path'], 'w') as f:
        f.write(''.join('%d.5 %d\n' % (i, i % 4) for i in range(12)))
    xs, ys, enqueue_op, close_op = build_nodes()
    total = tf.reduce_sum(xs, axis=1)
    sess = tf.Session()
    coord = tf.train.Coordinator()
    threads = start_threads(sess, coord, enqueue_op, close_op)
    batches = []
    while True:
        try:
            x, y, t = sess.run([xs, ys, total])
        except tf.errors.OutOfRangeError:
            break
        for row in zip(x.tolist(), y.tolist(), t.tolist()):
            batches.append([list(row)])
    coord.request_stop()
    coord.join(threads)
    sess.close()
    return {"batches": batches, "end": "rows: %d" % len(batches)}
