"""A script whose graph is built at module level (in its own `tf.Graph`), its feeding function reading the
module's placeholders and op, the thread made in `main()`: `t.setDaemon(True)`, an exception reported to the
coordinator (`except Exception as e: coord.request_stop(e)`), the queue closed in `finally`; TF1-style
(`import tensorflow as tf`, `tf.compat.v1` calls, `tf.queue.FIFOQueue`); the consumer runs fixed steps."""
import threading

import numpy as np
import tensorflow as tf

GRAPH = tf.Graph()
with GRAPH.as_default():
    x_ph = tf.compat.v1.placeholder(tf.float32, [None, 4])
    y_ph = tf.compat.v1.placeholder(tf.int64, [None])
    queue = tf.queue.FIFOQueue(50, [tf.float32, tf.int64], shapes=[[4], []])
    enqueue_op = queue.enqueue_many([x_ph, y_ph])
    x_batch, y_batch = queue.dequeue_many(8)


def load_and_enqueue(sess, coord):
    try:
        for i in range(10):
            xs = np.arange(20 * i, 20 * i + 20, dtype=np.float32).reshape(5, 4)
            ys = np.arange(5) + 5 * i
            sess.run(enqueue_op, feed_dict={x_ph: xs, y_ph: ys})
    except Exception as e:
        coord.request_stop(e)
    finally:
        sess.run(queue.close())


def main(data_dir):
    sess = tf.compat.v1.Session(graph=GRAPH)
    coord = tf.compat.v1.train.Coordinator()
    t = threading.Thread(target=load_and_enqueue, args=(sess, coord))
    t.setDaemon(True)
    t.start()
    out = []
    for _ in range(6):
        x, y = sess.run([x_batch, y_batch])
        out.append([x.tolist(), y.tolist()])
    coord.request_stop()
    coord.join([t])
    sess.close()
    return {'batches': out, 'end': None}
