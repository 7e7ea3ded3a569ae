"""Batcher: example-filling Python threads push Example objects into a TF queue through placeholders."""
import threading

import tensorflow.compat.v1 as tf

from txt60_lib.data import Example


class Batcher(object):
    def __init__(self, shards, vocab, hps, num_example_threads=2):
        self._shards = shards
        self._vocab = vocab
        self._hps = hps
        self._num_threads = num_example_threads
        self._enc = tf.placeholder(tf.int32, [hps.max_enc_steps], name="enc_batch")
        self._dec = tf.placeholder(tf.int32, [hps.max_dec_steps], name="dec_batch")
        self._enc_len = tf.placeholder(tf.int32, [], name="enc_len")
        self._queue = tf.FIFOQueue(
            capacity=hps.batch_size * 4, dtypes=[tf.int32, tf.int32, tf.int32],
            shapes=[[hps.max_enc_steps], [hps.max_dec_steps], []])
        self._enqueue = self._queue.enqueue([self._enc, self._dec, self._enc_len])
        self._close = self._queue.close()
        self.next_batch = self._queue.dequeue_many(hps.batch_size)

    def _fill_example_queue(self, sess, shard):
        for article, abstract in shard:
            ex = Example(article, abstract, self._vocab, self._hps)
            sess.run(self._enqueue, feed_dict={
                self._enc: ex.enc_input, self._dec: ex.dec_input, self._enc_len: ex.enc_len})

    def start(self, sess):
        self._threads = []
        for i in range(self._num_threads):
            t = threading.Thread(target=self._fill_example_queue, args=(sess, self._shards[i::self._num_threads]))
            t.daemon = True
            t.start()
            self._threads.append(t)
        watcher = threading.Thread(target=self._watch, args=(sess,))
        watcher.daemon = True
        watcher.start()

    def _watch(self, sess):
        for t in self._threads:
            t.join()
        sess.run(self._close)
