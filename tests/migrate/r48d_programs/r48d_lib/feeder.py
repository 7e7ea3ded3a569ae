"""A tacotron-style feeder thread: batches of sorted groups, the queue closed after one pass."""
import os
import traceback
import threading

import numpy as np
import tensorflow.compat.v1 as tf

_batches_per_group = 2


class DataFeeder(threading.Thread):
    '''Feeds batches of data into a queue on a background thread.'''

    def __init__(self, coordinator, metadata_filename, batch_size):
        super(DataFeeder, self).__init__()
        self._coord = coordinator
        self._batch_size = batch_size
        self._offset = 0
        self._datadir = os.path.dirname(metadata_filename)
        with open(metadata_filename) as f:
            self._metadata = [line.strip().split('|') for line in f]
        self._placeholders = [
            tf.placeholder(tf.int32, [None, None], 'tokens'),
            tf.placeholder(tf.int32, [None], 'lengths'),
        ]
        queue = tf.FIFOQueue(4, [tf.int32, tf.int32], name='input_queue')
        self._enqueue_op = queue.enqueue(self._placeholders)
        self._close_op = queue.close()
        self.tokens, self.lengths = queue.dequeue()

    def start_in_session(self, session):
        self._session = session
        self.start()

    def run(self):
        try:
            while not self._coord.should_stop():
                if not self._enqueue_next_group():
                    break
        except Exception as e:
            traceback.print_exc()
            self._coord.request_stop(e)

    def _enqueue_next_group(self):
        n = self._batch_size
        if self._offset >= len(self._metadata):
            self._session.run(self._close_op)
            return False
        examples = [self._next() for _ in range(n * _batches_per_group)]
        examples = [e for e in examples if e is not None]
        examples.sort(key=lambda x: len(x))
        for i in range(0, len(examples), n):
            batch = examples[i:i + n]
            self._session.run(self._enqueue_op, feed_dict=dict(zip(self._placeholders, _prepare_batch(batch))))
        return True

    def _next(self):
        if self._offset >= len(self._metadata):
            return None
        meta = self._metadata[self._offset]
        self._offset += 1
        return np.load(os.path.join(self._datadir, meta[1]))


def _prepare_batch(batch):
    width = max(len(x) for x in batch)
    tokens = np.stack([np.pad(x, (0, width - len(x)), mode='constant') for x in batch]).astype(np.int32)
    return (tokens, np.asarray([len(x) for x in batch], dtype=np.int32))
