# -*- coding: utf-8 -*-
from __future__ import division, print_function, absolute_import

import numpy as np
import threading
try:
    # Python 2
    import Queue as queue
except Exception:
    # Python 3
    import queue


class DataFlow(object):
    """ Data Flow.

    Base class for using real time pre-processing and controlling data flow.

    Arguments:
        coord: `Coordinator`. A Tensorflow coordinator.
        num_threads: `int`. Total number of simultaneous threads to process data.
        max_queue: `int`. Maximum number of data stored in a queue.
        shuffle: `bool`. If True, data will be shuffle.
        continuous: `bool`. If True, when an epoch is over, same data will be
            feeded again.
    """

    def __init__(self, coord, num_threads=8, max_queue=32, shuffle=False,
                 continuous=False, ensure_data_order=False):
        self.coord = coord
        self.num_threads = num_threads
        self.max_queue = max_queue
        self.shuffle = shuffle
        self.continuous = continuous
        if ensure_data_order:
            self.num_threads = 1
            self.max_queue = 1


class FeedDictFlow(DataFlow):
    """ FeedDictFlow.

    Generate a stream of batches from a dataset. It uses two queues, one for
    generating batch of data ids, and the other one to load data and apply
    pre processing. If continuous is `True`, data flow will never ends until
    `stop` is invoked, or `coord` interrupt threads.

    Arguments:
        feed_dict: `dict`. A TensorFlow formatted feed dict (with placeholders
            as keys and data as values).
        coord: `Coordinator`. A Tensorflow coordinator.
        batch_size: `int`. Batch size.
        dprep_dict: `dict`. A dictionary with placeholder as key and a
            pre-processing function as value.
    """

    def __init__(self, feed_dict, coord, batch_size=128, num_threads=8,
                 max_queue=32, shuffle=False, continuous=False,
                 ensure_data_order=False, dprep_dict=None, index_array=None):
        super(FeedDictFlow, self).__init__(coord, num_threads, max_queue,
                                           shuffle, continuous,
                                           ensure_data_order)
        self.feed_dict = feed_dict
        self.batch_size = batch_size
        self.dprep_dict = dprep_dict
        self.n_samples = len(list(feed_dict.values())[0])
        if index_array is None:
            self.index_array = np.arange(self.n_samples)
        else:
            self.index_array = index_array
        self.batch_ids_queue = queue.Queue(self.max_queue)
        self.feed_dict_queue = queue.Queue(self.max_queue)
        self.data_status = None

    def next(self, timeout=None):
        """ Returns a batch as a feed dict, or False when the data is over. """
        return self.feed_dict_queue.get(timeout=timeout)

    def start(self, reset_status=True):
        """ start threads: one filling batch ids, num_threads filling feed dicts. """
        self.batch_ids_thread = threading.Thread(target=self.fill_batch_ids_queue)
        self.batch_ids_thread.daemon = True
        self.batch_ids_thread.start()
        self.dict_threads = []
        for i in range(self.num_threads):
            t = threading.Thread(target=self.fill_feed_dict_queue)
            t.daemon = True
            t.start()
            self.dict_threads.append(t)

    def fill_batch_ids_queue(self):
        while not self.coord.should_stop():
            ids = self.index_array
            if self.shuffle:
                ids = np.random.RandomState(55).permutation(ids)
            for start in range(0, self.n_samples, self.batch_size):
                self.batch_ids_queue.put(ids[start:start + self.batch_size])
            if not self.continuous:
                break
        for i in range(self.num_threads):
            self.batch_ids_queue.put(False)

    def fill_feed_dict_queue(self):
        while not self.coord.should_stop():
            batch_ids = self.batch_ids_queue.get()
            if batch_ids is False:
                break
            data = {}
            for k, v in self.feed_dict.items():
                data[k] = np.asarray(v)[batch_ids]
                if self.dprep_dict and k in self.dprep_dict:
                    data[k] = self.dprep_dict[k](data[k])
            self.feed_dict_queue.put(data)
        self.feed_dict_queue.put(False)

    def stop(self):
        self.coord.request_stop()
