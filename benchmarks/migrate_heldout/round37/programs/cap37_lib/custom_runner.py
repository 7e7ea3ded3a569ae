import threading

import tensorflow.compat.v1 as tf


class CustomRunner(object):
    """
    This class manages the background threads needed to fill
        a queue full of data.
    """
    def __init__(self, image_feat_dim, seq_len, batch_size, data_iterator):
        self.batch_size = batch_size
        self.data_iterator = data_iterator
        queue_capacity = batch_size * 4

        self.im_feats_placeholder = tf.placeholder(tf.float32, shape=[image_feat_dim])
        self.caption_placeholder = tf.placeholder(tf.int32, shape=[seq_len])
        self.flag_placeholder = tf.placeholder(tf.float32, shape=[])

        self.queue = tf.FIFOQueue(capacity=queue_capacity,
                                  dtypes=[tf.float32, tf.int32, tf.float32],
                                  shapes=[[image_feat_dim], [seq_len], []])
        self.enqueue_op = self.queue.enqueue([self.im_feats_placeholder, self.caption_placeholder,
                                              self.flag_placeholder])
        self.close_op = self.queue.close()

    def get_inputs(self):
        """Return's tensors containing a batch of features, captions and flags"""
        return self.queue.dequeue_many(self.batch_size)

    def thread_main(self, sess):
        """Function run on alternate thread. Basically, keep adding data to the queue."""
        for feats, caption, flag in self.data_iterator():
            sess.run(self.enqueue_op, feed_dict={self.im_feats_placeholder: feats,
                                                 self.caption_placeholder: caption,
                                                 self.flag_placeholder: flag})
        sess.run(self.close_op)

    def start_threads(self, sess, n_threads=1):
        """Start background threads to feed queue"""
        threads = []
        for n in range(n_threads):
            t = threading.Thread(target=self.thread_main, args=(sess,))
            t.daemon = True  # thread will close when parent quits
            t.start()
            threads.append(t)
        return threads
