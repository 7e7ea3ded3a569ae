"""The feeding loop reads the queue's size (queue.size()) to pace itself."""
import threading

import tensorflow.compat.v1 as tf


def main(data_dir):
    x = tf.placeholder(tf.float32, shape=[])
    queue = tf.FIFOQueue(10, [tf.float32], shapes=[[]])
    enqueue_op = queue.enqueue([x])
    size_op = queue.size()
    close_op = queue.close()
    batch = queue.dequeue_many(3)
    seen = []

    def feed(sess):
        for i in range(16):
            seen.append(sess.run(size_op) <= 10)
            sess.run(enqueue_op, feed_dict={x: i / 2.0})
        sess.run(close_op)

    out, end = [], None
    with tf.Session() as sess:
        thread = threading.Thread(target=feed, args=(sess,))
        thread.start()
        try:
            while True:
                out.append([sess.run(batch).tolist()])
        except tf.errors.OutOfRangeError:
            end = 'OutOfRangeError'
        thread.join()
    return {'batches': out, 'end': end, 'bounded': all(seen)}
