import tensorflow as tf
import numpy as np
import os

import pickle as cPickle
import threading


class DataReader(object):
    """create a thread to read data when needed
    example:

    coord = tf.train.Coordinator()#
    reader = DataReader('Data_set/Develop/',
                        x_len=6,y_len=1,
                        batch_size=3,
                        coord=coord)
    x_batch,y_batch = reader.dequeue()

    config = tf.ConfigProto()
    sess = tf.Session(config=config)

    init = tf.global_variables_initializer()
    sess.run(init)

    threads = reader.start_threads(sess)
    """

    def __init__(self, data_dir, x_len, y_len, batch_size, coord, queue_size=16):
        self.data_dir = data_dir
        self.x_len = x_len
        self.y_len = y_len
        self.batch_size = batch_size
        self.coord = coord
        self.x_placeholder = tf.compat.v1.placeholder(tf.float32, shape=[x_len])
        self.y_placeholder = tf.compat.v1.placeholder(tf.float32, shape=[y_len])
        self.queue = tf.queue.FIFOQueue(queue_size, ['float32', 'float32'], shapes=[(x_len,), (y_len,)])
        self.enqueue = self.queue.enqueue([self.x_placeholder, self.y_placeholder])
        self.close = self.queue.close()
        self.threads = []

    def dequeue(self):
        output = self.queue.dequeue_many(self.batch_size)
        return output

    def load_files(self):
        for name in sorted(os.listdir(self.data_dir)):
            if not name.endswith('.pkl'):
                continue
            with open(os.path.join(self.data_dir, name), 'rb') as f:
                firing = cPickle.load(f)
            for x, y in zip(firing['curve'], firing['cone']):
                yield np.asarray(x, np.float32), np.asarray([y], np.float32)

    def thread_main(self, sess):
        for x, y in self.load_files():
            if self.coord.should_stop():
                break
            sess.run(self.enqueue, feed_dict={self.x_placeholder: x, self.y_placeholder: y})
        sess.run(self.close)

    def start_threads(self, sess, n_threads=1):
        for _ in range(n_threads):
            thread = threading.Thread(target=self.thread_main, args=(sess,))
            thread.daemon = True  # Thread will close when parent quits.
            thread.start()
            self.threads.append(thread)
        return self.threads
