"""The placeholders helper called twice (a train and an eval set): left."""
import threading

import tensorflow.compat.v1 as tf

from fi1_lib import sized


def pump(sess, enqueue_op, phs, queue):
    rows_ph, labels_ph = phs
    for k in range(2):
        rows, labels = sized.chunk(k)
        sess.run(enqueue_op, feed_dict={rows_ph: rows, labels_ph: labels})
    sess.run(queue.close())


def main(data_dir):
    shape = [None, 2]
    phs = sized.make_placeholders(shape)
    unused = sized.make_placeholders(shape, name="_eval")
    queue = tf.FIFOQueue(8, [tf.float32, tf.int64], shapes=[[2], []])
    enqueue_op = queue.enqueue_many(list(phs))
    rows_b, labels_b = queue.dequeue_many(3)
    out = []
    end = "none"
    with tf.Session() as sess:
        t = threading.Thread(target=pump, args=(sess, enqueue_op, phs, queue))
        t.start()
        try:
            while True:
                r, l = sess.run([rows_b, labels_b])
                out.append([r.tolist(), l.tolist()])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        t.join()
    return {"batches": out, "end": end, "eval": unused[0].name}
