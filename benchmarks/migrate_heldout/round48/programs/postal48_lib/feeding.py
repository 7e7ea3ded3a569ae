import csv
import os

import numpy as np
import tensorflow as tf

from math import ceil
from six.moves import range
from threading import Thread, Lock


class DataSet(object):
    '''
    Represents a collection of sorted mail pieces and their ZIP codes.
    Takes a set of CSV files produced by the sorter export.
    '''
    def __init__(self, csvs, batch_size, skip=0, limit=0, ascending=True, next_index=lambda i: i + 1):
        self.batch_size = batch_size
        self.next_index = next_index
        rows = []
        for csv_path in csvs:
            base = os.path.dirname(csv_path)
            with open(csv_path) as f:
                for row in csv.DictReader(f):
                    row['crop_filename'] = os.path.join(base, row['crop_filename'])
                    row['crop_filesize'] = int(row['crop_filesize'])
                    rows.append(row)
        rows.sort(key=lambda r: (r['crop_filesize'], r['crop_filename']), reverse=not ascending)
        rows = rows[skip:]
        if limit > 0:
            rows = rows[:limit]
        self.files = [(r['crop_filename'], r['zip_code'], int(r['bin'])) for r in rows]
        self.total_batches = int(ceil(len(self.files) / batch_size))


class _DataSetLoader(object):
    '''
    Internal class that represents an input queue with data from one of the DataSet objects.
    Each tower has its own queue; the ModelFeeder creates the loaders and starts their threads.
    '''
    def __init__(self, model_feeder, data_set, dtype=tf.float32):
        self._model_feeder = model_feeder
        self._data_set = data_set
        self.queue = tf.compat.v1.FIFOQueue(shapes=[[model_feeder.width], [], []],
                                            dtypes=[dtype, tf.string, tf.int32],
                                            capacity=data_set.batch_size * 2)
        self._enqueue_op = self.queue.enqueue([model_feeder.ph_x, model_feeder.ph_zip, model_feeder.ph_bin])
        self._close_op = self.queue.close()
        self._lock = Lock()
        self._index = -1
        self._running = 0

    def start_queue_threads(self, session, coord):
        self._coord = coord
        batch_threads = [Thread(target=self._populate_batch_queue, args=(session,))
                         for i in range(self._model_feeder.threads_per_queue)]
        self._running = len(batch_threads)
        for batch_thread in batch_threads:
            batch_thread.daemon = True
            batch_thread.start()
        return batch_threads

    def _next_file(self):
        with self._lock:
            self._index = self._data_set.next_index(self._index)
            if self._index >= len(self._data_set.files):
                return None
            return self._data_set.files[self._index]

    def _populate_batch_queue(self, session):
        while True:
            entry = self._next_file()
            if entry is None or self._coord.should_stop():
                break
            crop_file, zip_code, sort_bin = entry
            source = np.load(crop_file).astype(np.float32)
            try:
                session.run(self._enqueue_op, feed_dict={
                    self._model_feeder.ph_x: source,
                    self._model_feeder.ph_zip: zip_code,
                    self._model_feeder.ph_bin: sort_bin})
            except tf.errors.CancelledError:
                return
        with self._lock:
            self._running -= 1
            last = self._running == 0
        if last:
            session.run(self._close_op)

    def next_batch(self):
        return self.queue.dequeue_many(self._data_set.batch_size)


class ModelFeeder(object):
    '''
    Feeds data into a model; the placeholders are shared by all the queue loaders.
    '''
    def __init__(self, train_set, width, threads_per_queue=2, dtype=tf.float32):
        self.train = train_set
        self.width = width
        self.threads_per_queue = threads_per_queue
        self.ph_x = tf.compat.v1.placeholder(dtype, [width])
        self.ph_zip = tf.compat.v1.placeholder(tf.string, [])
        self.ph_bin = tf.compat.v1.placeholder(tf.int32, [])
        self._loader = _DataSetLoader(self, train_set, dtype)

    def start_queue_threads(self, session, coord):
        return self._loader.start_queue_threads(session, coord)

    def next_batch(self):
        return self._loader.next_batch()
