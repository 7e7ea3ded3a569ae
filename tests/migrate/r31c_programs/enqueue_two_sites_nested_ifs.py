"""One-element enqueue at two sites in nested ifs (evens as they are, odds negated, multiples of five skipped),
a module-level feeding function, a plain ``compat.v1`` import; no close: the consumer reads a known count."""
import os
import threading

import tensorflow.compat.v1 as tf

N = 17


def producer(sess, coord, enqueue, value_ph, tag_ph):
    with coord.stop_on_exception():
        for i in range(N):
            if i % 5:
                if i % 2 == 0:
                    sess.run(enqueue, feed_dict={value_ph: i, tag_ph: 'even'})
                else:
                    sess.run(enqueue, feed_dict={tag_ph: 'odd', value_ph: -i})


def main(data_dir):
    os.makedirs(os.path.join(data_dir, 'r31c_two_sites'), exist_ok=True)
    value_ph = tf.placeholder(tf.int32, [])
    tag_ph = tf.placeholder(tf.string, [])
    queue = tf.FIFOQueue(4, [tf.int32, tf.string], shapes=[[], []])
    enqueue = queue.enqueue([value_ph, tag_ph])
    value, tag = queue.dequeue_many(2)
    coord = tf.train.Coordinator()
    batches = []
    with tf.Session() as sess:
        t = threading.Thread(target=producer, args=(sess, coord, enqueue, value_ph, tag_ph))
        t.daemon = True
        t.start()
        for _ in range(6):
            v, g = sess.run([value, tag])
            batches.append([v.tolist(), [x.decode() for x in g]])
        coord.request_stop()
        coord.join([t])
    return {'batches': batches, 'end': 'read 6'}
