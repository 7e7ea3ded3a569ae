"""The feeder and the closer are functions nested in the building function; a Coordinator from
`from tensorflow.compat.v1 import train` is checked by the feeder (`if coord.should_stop(): return`) and
handed to it; the closer is handed the session, the feeders and the close op."""
import threading

import tensorflow.compat.v1 as tf
from tensorflow.compat.v1 import train


def main(data_dir):
    word_ph = tf.placeholder(tf.string, shape=[])
    size_ph = tf.placeholder(tf.int32, shape=[])
    q = tf.FIFOQueue(6, [tf.string, tf.int32], shapes=[[], []])
    enqueue = q.enqueue([word_ph, size_ph])
    shut = q.close()
    words, sizes = q.dequeue_up_to(3)

    def feeder(sess, coord, prefix):
        for n in range(1, 8):
            if coord.should_stop():
                return
            sess.run(enqueue, feed_dict={word_ph: prefix * n, size_ph: n})

    def closer(sess, feeders, close_op):
        for f in feeders:
            f.join()
        sess.run(close_op)

    coord = train.Coordinator()
    out, end = [], None
    with tf.Session() as sess:
        feeders = [threading.Thread(target=feeder, args=(sess, coord, p)) for p in ('a', 'b')]
        for f in feeders:
            f.start()
        stopper = threading.Thread(target=closer, args=(sess, feeders, shut))
        stopper.start()
        try:
            while True:
                w, s = sess.run([words, sizes])
                out.append([[x.decode() for x in w], s.tolist()])
        except tf.errors.OutOfRangeError:
            end = 'OutOfRangeError'
        stopper.join()
    return {'batches': out, 'end': end}
