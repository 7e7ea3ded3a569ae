"""One daemon thread feeds a RandomShuffleQueue (positional arguments, a seed) through placeholders; the feeding
function reads the session from its scope and passes the feed dict positionally, then closes the queue; the
loop reads `dequeue_up_to` until OutOfRangeError. `from tensorflow.compat import v1 as tf`."""

import threading

from tensorflow.compat import v1 as tf


def main(data_dir):
    idx = tf.placeholder(tf.int64, shape=[])
    word = tf.placeholder(tf.string, shape=[])
    q = tf.RandomShuffleQueue(40, 5, [tf.int64, tf.string], shapes=[[], []], seed=3)
    enq = q.enqueue([idx, word])
    done = q.close()
    ids, words = q.dequeue_up_to(6)

    def pump():
        for i in range(27):
            sess.run(enq, {idx: i, word: "w%d" % (i * 7 % 11)})
        sess.run(done)

    out, end = [], None
    with tf.Session() as sess:
        feeder = threading.Thread(target=pump, daemon=True)
        feeder.start()
        try:
            while True:
                a, b = sess.run([ids, words])
                out.append([a.tolist(), [w.decode() for w in b]])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        feeder.join(10)
    return {"batches": out, "end": end}
