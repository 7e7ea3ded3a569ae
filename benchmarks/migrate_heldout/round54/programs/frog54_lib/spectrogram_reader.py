import threading
import random
import tensorflow as tf
import numpy as np


def randomize_specs(specs):
    for k in range(specs.shape[0]):
        file_index = random.randint(0, (specs.shape[0] - 1))
        yield specs[file_index]


def return_spec(specs):
    randomized_specs = randomize_specs(specs)
    for spec in randomized_specs:
        # Convert from -80 to 0dB to range [0,1], and add channel dimension
        normalized_spec = np.expand_dims((spec + 80.0) / 80.0, 2)
        yield normalized_spec


class SpectrogramReader(object):
    def __init__(self,
                 specs,
                 coord,
                 queue_size=32):

        self.specs = specs
        self.coord = coord
        self.threads = []
        spec_shape = (specs.shape[1], specs.shape[2], 1)
        self.sample_placeholder = tf.compat.v1.placeholder(dtype=tf.float32, shape=spec_shape)
        self.queue = tf.queue.FIFOQueue(queue_size,
                                        ['float32'],
                                        shapes=[spec_shape])
        self.enqueue = self.queue.enqueue([self.sample_placeholder])
        self.close = self.queue.close()

    def dequeue(self, num_elements):
        output = self.queue.dequeue_many(num_elements)
        return output

    def thread_main(self, sess):
        for spec in return_spec(self.specs):
            if self.coord.should_stop():
                break
            sess.run(self.enqueue,
                     feed_dict={self.sample_placeholder: spec})
        sess.run(self.close)

    def start_threads(self, sess, n_threads=1):
        for _ in range(n_threads):
            thread = threading.Thread(target=self.thread_main, args=(sess,))
            thread.daemon = True  # Thread will close when parent quits.
            thread.start()
            self.threads.append(thread)
        return self.threads
