import threading
import numpy as np
import tensorflow.compat.v1 as tf
from collections import OrderedDict


class DataGeneratorBase(object):
    def __init__(self,
                 dataset,
                 coord,
                 data_names_and_shapes,
                 batch_size,
                 data_types=None,
                 queue_size=32,
                 n_threads=8):
        assert isinstance(data_names_and_shapes, OrderedDict) or isinstance(data_names_and_shapes, list), \
            'only OrderedDict and list are allowed for data_names_and_shapes'
        self.dataset = dataset
        if isinstance(data_names_and_shapes, OrderedDict):
            self.data_names_and_shapes = list(data_names_and_shapes.items())
        else:
            self.data_names_and_shapes = data_names_and_shapes
        self.coord = coord
        self.batch_size = batch_size
        self.queue_size = queue_size
        self.n_threads = n_threads
        if data_types is None:
            self.data_types = [tf.float32] * len(self.data_names_and_shapes)
        else:
            self.data_types = data_types
        self.placeholders = None
        self.threads = []
        self.running_threads = 0
        self.lock = threading.Lock()
        self.init_placeholders()
        self.init_queue()

    def init_placeholders(self):
        self.placeholders = [tf.placeholder(data_type, shape, name=name)
                             for (name, shape), data_type in zip(self.data_names_and_shapes, self.data_types)]

    def init_queue(self):
        raise NotImplementedError

    def get_feed_dict(self):
        raise NotImplementedError

    def dequeue(self):
        raise NotImplementedError

    def thread_main(self, sess):
        try:
            while not self.coord.should_stop():
                feed_dict = self.get_feed_dict()
                if feed_dict is None:
                    break
                sess.run(self.enqueue, feed_dict=feed_dict)
        except Exception as e:
            self.coord.request_stop(e)
        finally:
            with self.lock:
                self.running_threads -= 1
                if self.running_threads == 0:
                    sess.run(self.close)

    def start_threads(self, sess):
        self.running_threads = self.n_threads
        for _ in range(self.n_threads):
            thread = threading.Thread(target=self.thread_main, args=(sess,))
            thread.daemon = True
            thread.start()
            self.threads.append(thread)
        return self.threads
