"""The feeding function is a module-level function handed its ops by the thread's args; the main thread
dequeues one element at a time to OutOfRangeError, then returns the queue's size (`from tensorflow.compat import
v1 as tf`)."""
import os
import threading

from tensorflow.compat import v1 as tf

WORDS = ["alpha", "beta", "gamma", "delta", "epsilon", "zeta", "eta", "theta"]


def feed_words(sess, enqueue_op, word_ph, length_ph, words, close_op):
    for word in words:
        sess.run(enqueue_op, feed_dict={word_ph: word, length_ph: len(word)})
    sess.run(close_op)


def main(data_dir):
    os.makedirs(os.path.join(data_dir, "r41q_words"), exist_ok=True)
    word_ph = tf.placeholder(tf.string, [])
    length_ph = tf.placeholder(tf.int32, [])
    words_q = tf.FIFOQueue(4, [tf.string, tf.int32], shapes=[[], []])
    enqueue_op = words_q.enqueue([word_ph, length_ph])
    close_op = words_q.close()
    word, length = words_q.dequeue()
    batches = []
    with tf.Session() as sess:
        feeder = threading.Thread(target=feed_words, args=(sess, enqueue_op, word_ph, length_ph, WORDS, close_op))
        feeder.start()
        try:
            while True:
                w, n = sess.run([word, length])
                batches.append([[w.decode()], [int(n)]])
        except tf.errors.OutOfRangeError:
            pass
        feeder.join()
        size = sess.run(words_q.size())
    return {"batches": batches, "end": "size after the drain: %d" % size}
