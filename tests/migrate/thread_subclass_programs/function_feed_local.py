"""The function form with its feed_dict built on the line before the run and passed positionally
(``sess.run(enqueue_op, feed)``): a nested feeding function handed the session and a count by its thread;
strings and their lengths; batches of 4 up to the end, when the function closes the queue."""

import threading

import tensorflow.compat.v1 as tf


def main(data_dir):
    word = tf.placeholder(tf.string, shape=[])
    size = tf.placeholder(tf.int64, shape=[])
    queue = tf.FIFOQueue(6, [tf.string, tf.int64], shapes=[[], []])
    enqueue_op = queue.enqueue([word, size])
    close_op = queue.close()
    words, sizes = queue.dequeue_up_to(4)

    def feed_words(sess, count):
        for i in range(count):
            text = "w" * (i % 4 + 1) + str(i)
            feed = {word: text, size: len(text)}
            sess.run(enqueue_op, feed)
        sess.run(close_op)

    out, end = [], None
    with tf.Session() as sess:
        thread = threading.Thread(target=feed_words, args=(sess, 14))
        thread.start()
        try:
            while True:
                a, b = sess.run([words, sizes])
                out.append([[x.decode() for x in a], b.tolist()])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        thread.join()
    return {"batches": out, "end": end}
