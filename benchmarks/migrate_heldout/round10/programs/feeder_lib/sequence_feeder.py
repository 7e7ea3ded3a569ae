"""A feeder class of the speech/text repositories: placeholders, a PaddingFIFOQueue, a Python thread that runs
the enqueue op with a feed_dict, and `dequeue_many` giving padded batches."""

import threading

import tensorflow.compat.v1 as tf


class SequenceFeeder(object):
    def __init__(self, examples, batch_size, queue_size=64):
        self.examples = examples
        self.batch_size = batch_size
        self.tokens_placeholder = tf.placeholder(dtype=tf.float32, shape=None, name="tokens")
        self.length_placeholder = tf.placeholder(dtype=tf.int32, shape=[], name="length")
        self.label_placeholder = tf.placeholder(dtype=tf.int32, shape=[], name="label")
        self.queue = tf.PaddingFIFOQueue(queue_size, ["float32", "int32", "int32"], shapes=[(None,), (), ()])
        self.enqueue = self.queue.enqueue([self.tokens_placeholder, self.length_placeholder,
                                           self.label_placeholder])
        self.threads = []

    def dequeue(self, num_elements):
        return self.queue.dequeue_many(num_elements)

    def thread_main(self, sess):
        for tokens, label in self.examples:
            sess.run(self.enqueue, feed_dict={self.tokens_placeholder: tokens,
                                              self.length_placeholder: len(tokens),
                                              self.label_placeholder: label})

    def start_threads(self, sess, n_threads=1):
        for _ in range(n_threads):
            thread = threading.Thread(target=self.thread_main, args=(sess,))
            thread.daemon = True
            thread.start()
            self.threads.append(thread)
        return self.threads
