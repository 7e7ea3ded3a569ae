"""Held-out round 34's form: a builder of `r34s_lib/queues.py` enqueue_many's each message's words into a
RandomShuffleQueue run by a QueueRunner and returns it; the caller here batches it with `dequeue_many(4)`
(24 words: six batches; the caller imports no `train`)."""
import os

import tensorflow.compat.v1 as tf

from r34s_lib import corpus, queues


def main(data_dir):
    path = corpus.write_messages(os.path.join(data_dir, "r34s_shuffled"))
    queue = queues.shuffled_words([path])
    words, labels = queue.dequeue_many(4)
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        batches = corpus.drain(sess, [words, labels])
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": "%d batches" % len(batches)}
