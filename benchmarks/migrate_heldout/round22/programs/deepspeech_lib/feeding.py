"""Feeds utterances into the model: one padding queue per data set, filled by Python threads through
placeholders, and a tower queue that switches between them at run time."""

import csv
from math import ceil
from threading import Thread

import numpy as np
import tensorflow.compat.v1 as tf
from six.moves import range

from deepspeech_lib.text import text_to_char_array


class DataSet(object):
    '''
    Represents a collection of audio samples and their respective transcriptions.
    Takes a set of CSV files (wav_filename, wav_filesize, transcript).
    '''
    def __init__(self, csvs, batch_size, skip=0, limit=0, ascending=True, next_index=lambda i: i + 1):
        self.batch_size = batch_size
        self.next_index = next_index
        rows = []
        for path in csvs:
            with open(path) as f:
                rows.extend(csv.DictReader(f))
        rows.sort(key=lambda r: int(r['wav_filesize']), reverse=not ascending)
        rows = rows[skip:]
        if limit > 0:
            rows = rows[:limit]
        self.files = [(r['wav_filename'], r['transcript']) for r in rows]
        self.total_batches = int(ceil(len(self.files) / batch_size))


class ModelFeeder(object):
    '''
    Feeds data into a model.
    Each tower feeder provides data from runtime switchable sources (train, dev).
    '''
    def __init__(self, train_set, dev_set, numcep, tower_feeder_count=1, threads_per_queue=1):
        self.train = train_set
        self.dev = dev_set
        self.sets = [train_set, dev_set]
        self.numcep = numcep
        self.tower_feeder_count = max(1, tower_feeder_count)
        self.threads_per_queue = threads_per_queue

        self.ph_x = tf.placeholder(tf.float32, [None, numcep])
        self.ph_x_length = tf.placeholder(tf.int32, [])
        self.ph_y = tf.placeholder(tf.int32, [None, ])
        self.ph_y_length = tf.placeholder(tf.int32, [])
        self.ph_batch_size = tf.placeholder(tf.int32, [])
        self.ph_queue_selector = tf.placeholder(tf.int32, name='Queue_Selector')

        self._tower_feeders = [_TowerFeeder(self, i) for i in range(self.tower_feeder_count)]

    def start_queue_threads(self, session, coord):
        '''Starts required queue threads on all tower feeders.'''
        queue_threads = []
        for tower_feeder in self._tower_feeders:
            queue_threads += tower_feeder.start_queue_threads(session, coord)
        return queue_threads

    def close_queues(self, session):
        '''Closes queues of all tower feeders.'''
        for tower_feeder in self._tower_feeders:
            tower_feeder.close_queues(session)

    def set_data_set(self, feed_dict, data_set):
        '''Switches all tower feeders to a different source DataSet.'''
        index = self.sets.index(data_set)
        assert index >= 0
        feed_dict[self.ph_queue_selector] = index
        feed_dict[self.ph_batch_size] = data_set.batch_size

    def next_batch(self, tower_feeder_index):
        '''Draw the next batch from one of the tower feeders.'''
        return self._tower_feeders[tower_feeder_index].next_batch()


class _DataSetFeeder(object):
    '''Represents a DataSet feeder for one specific tower.'''
    def __init__(self, model_feeder, data_set):
        self._model_feeder = model_feeder
        self._data_set = data_set
        self.queue = tf.PaddingFIFOQueue(shapes=[[None, model_feeder.numcep], [], [None, ], []],
                                         dtypes=[tf.float32, tf.int32, tf.int32, tf.int32],
                                         capacity=data_set.batch_size * 2)
        self._enqueue_op = self.queue.enqueue([model_feeder.ph_x, model_feeder.ph_x_length,
                                               model_feeder.ph_y, model_feeder.ph_y_length])
        self._close_op = self.queue.close(cancel_pending_enqueues=True)
        self._index = -1

    def start_queue_threads(self, session, coord):
        self._coord = coord
        queue_threads = [Thread(target=self._populate_batch_queue, args=(session,))
                         for i in range(self._model_feeder.threads_per_queue)]
        for queue_thread in queue_threads:
            coord.register_thread(queue_thread)
            queue_thread.daemon = True
            queue_thread.start()
        return queue_threads

    def close_queue(self, session):
        session.run(self._close_op)

    def _next_index(self):
        self._index = self._data_set.next_index(self._index)
        return self._index

    def _populate_batch_queue(self, session):
        '''Queue thread routine.'''
        file_count = len(self._data_set.files)
        while not self._coord.should_stop():
            index = self._next_index() % file_count
            wav_file, transcript = self._data_set.files[index]
            source = np.load(wav_file).astype(np.float32)
            source_len = len(source)
            target = text_to_char_array(transcript)
            target_len = len(target)
            try:
                session.run(self._enqueue_op, feed_dict={
                    self._model_feeder.ph_x: source,
                    self._model_feeder.ph_x_length: source_len,
                    self._model_feeder.ph_y: target,
                    self._model_feeder.ph_y_length: target_len})
            except tf.errors.CancelledError:
                return


class _TowerFeeder(object):
    '''Represents a data feeder for one tower; switches between the data sets by the queue selector.'''
    def __init__(self, model_feeder, index):
        self._model_feeder = model_feeder
        self.index = index
        self._data_set_feeders = [_DataSetFeeder(model_feeder, data_set) for data_set in model_feeder.sets]
        self._queues = [set_queue.queue for set_queue in self._data_set_feeders]
        self._queue = tf.QueueBase.from_list(model_feeder.ph_queue_selector, self._queues)
        self._close_op = self._queue.close(cancel_pending_enqueues=True)

    def next_batch(self):
        '''Draw the next batch from the currently selected queue.'''
        source, source_lengths, target, target_lengths = self._queue.dequeue_many(self._model_feeder.ph_batch_size)
        return source, source_lengths, target, target_lengths

    def start_queue_threads(self, session, coord):
        queue_threads = []
        for set_queue in self._data_set_feeders:
            queue_threads += set_queue.start_queue_threads(session, coord)
        return queue_threads

    def close_queues(self, session):
        for set_queue in self._data_set_feeders:
            set_queue.close_queue(session)
