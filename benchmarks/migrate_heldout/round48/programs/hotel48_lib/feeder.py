import os
import threading
import time
import traceback

import numpy as np
import tensorflow as tf

_batches_per_group = 2
_pad = 0


def log(msg):
    print('[feeder] %s' % msg)


class DataFeeder(threading.Thread):
    '''Feeds batches of room-night data into a queue on a background thread.'''

    def __init__(self, coordinator, metadata_filename, hparams):
        super(DataFeeder, self).__init__()
        self._coord = coordinator
        self._hparams = hparams
        self._cleaner_names = [x.strip() for x in hparams.cleaners.split(',')]
        self._offset = 0

        # Load metadata:
        self._datadir = os.path.dirname(metadata_filename)
        with open(metadata_filename, encoding='utf-8') as f:
            self._metadata = [line.strip().split('|') for line in f]
            log('Loaded metadata for %d stays' % len(self._metadata))

        # Create placeholders for inputs and targets. Don't specify batch size because we want to
        # be able to feed different sized batches at eval time.
        self._placeholders = [
            tf.compat.v1.placeholder(tf.string, [None], 'guest_ids'),
            tf.compat.v1.placeholder(tf.int32, [None], 'nights'),
            tf.compat.v1.placeholder(tf.float32, [None, hparams.num_rate_features], 'rates'),
        ]

        # Create queue for buffering data:
        queue = tf.compat.v1.FIFOQueue(hparams.queue_capacity, [tf.string, tf.int32, tf.float32],
                                       name='input_queue')
        self._enqueue_op = queue.enqueue(self._placeholders)
        self._close_op = queue.close()
        self.guest_ids, self.nights, self.rates = queue.dequeue()
        self.guest_ids.set_shape(self._placeholders[0].shape)
        self.nights.set_shape(self._placeholders[1].shape)
        self.rates.set_shape(self._placeholders[2].shape)

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
        start = time.time()

        # Read a group of examples:
        n = self._hparams.batch_size
        if self._offset >= len(self._metadata):
            # one pass over the stays, then the queue is closed (the model trains per epoch)
            self._session.run(self._close_op)
            return False
        examples = [self._get_next_example() for i in range(n * _batches_per_group)]
        examples = [e for e in examples if e is not None]

        # Bucket examples based on similar length for efficiency:
        examples.sort(key=lambda x: x[1])
        batches = [examples[i:i + n] for i in range(0, len(examples), n)]
        log('Generated %d batches of size %d in %.03f sec' % (len(batches), n, time.time() - start))
        for batch in batches:
            feed_dict = dict(zip(self._placeholders, _prepare_batch(batch)))
            self._session.run(self._enqueue_op, feed_dict=feed_dict)
        return True

    def _get_next_example(self):
        '''Loads a single example (guest id, nights, rate vector) from disk'''
        if self._offset >= len(self._metadata):
            return None
        meta = self._metadata[self._offset]
        self._offset += 1
        rates = np.load(os.path.join(self._datadir, meta[2]))
        return (meta[0], int(meta[1]), rates)


def _prepare_batch(batch):
    guest_ids = np.asarray([x[0] for x in batch])
    nights = np.asarray([x[1] for x in batch], dtype=np.int32)
    rates = np.stack([x[2] for x in batch]).astype(np.float32)
    return (guest_ids, nights, rates)
