# feeder.py -- hilo que alimenta la cola (sesión global del módulo)
import threading
import tensorflow.compat.v1 as tf

sess = None
queue = None
enqueue_op = None
close_op = None
x_ph = None
y_ph = None


def build(capacity=8):
    global queue, enqueue_op, close_op, x_ph, y_ph
    x_ph = tf.placeholder(tf.float32, shape=[3], name='ventas')
    y_ph = tf.placeholder(tf.string, shape=[], name='puesto')
    queue = tf.FIFOQueue(capacity, [tf.float32, tf.string], shapes=[[3], []])
    enqueue_op = queue.enqueue([x_ph, y_ph])
    close_op = queue.close()
    return queue


def open_session():
    global sess
    sess = tf.Session()
    return sess


def _feed(rows):
    for x, y in rows:
        sess.run(enqueue_op, feed_dict={x_ph: x, y_ph: y})
    sess.run(close_op)


def start(rows):
    t = threading.Thread(target=_feed, args=(rows,))
    t.daemon = True
    t.start()
    return t
