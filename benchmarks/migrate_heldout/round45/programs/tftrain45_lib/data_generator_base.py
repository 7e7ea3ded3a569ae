import threading

import numpy as np
import tensorflow.compat.v1 as tf


class DataGeneratorBase(object):
    """
    DataGeneratorBase class that generates np entries from a given dataset, and feeds them into a tf queue.
    """
    def __init__(self, dataset, coord, data_names_and_shapes, batch_size, data_types=None, queue_size=32, n_threads=1):
        """
        Initializer.
        :param dataset: The dataset; must have a get_next() that returns a dict of np arrays (None at the end).
        :param coord: The tf.train.Coordinator.
        :param data_names_and_shapes: List of tuples (name, shape) of the generated entries.
        :param batch_size: The batch size.
        :param data_types: Optional dict name -> tf type.
        :param queue_size: The queue size.
        :param n_threads: The number of threads that call the dataset.
        """
        self.dataset = dataset
        self.coord = coord
        self.data_names_and_shapes = data_names_and_shapes
        self.data_types = data_types
        self.batch_size = batch_size
        self.queue_size = queue_size
        self.n_threads = n_threads
        self.threads = []
        self.lock = threading.Lock()
        self.running = 0
        self.queue = None
        self.placeholders = None
        self.enqueue = None
        self.init_queue()
        self.close_op = self.queue.close()

    def init_queue(self):
        raise NotImplementedError

    def dequeue(self):
        return self.queue.dequeue_many(self.batch_size)

    def size(self):
        return self.queue.size()

    def get_feed_dict(self, entry):
        return dict((placeholder, entry[name]) for placeholder, (name, _) in zip(self.placeholders, self.data_names_and_shapes))

    def thread_main(self, sess):
        try:
            while not self.coord.should_stop():
                with self.lock:
                    entry = self.dataset.get_next()
                if entry is None:
                    break
                sess.run(self.enqueue, feed_dict=self.get_feed_dict(entry))
        except tf.errors.CancelledError:
            pass
        except Exception as e:
            self.coord.request_stop(e)
        finally:
            with self.lock:
                self.running -= 1
                last = self.running == 0
            if last:
                sess.run(self.close_op)

    def start_threads(self, sess):
        self.running = self.n_threads
        for _ in range(self.n_threads):
            thread = threading.Thread(target=self.thread_main, args=(sess,))
            thread.daemon = True
            thread.start()
            self.threads.append(thread)
        return self.threads
