"""Tacotron's DataFeeder shape: a threading.Thread subclass holds placeholders, a FIFOQueue of whole padded
batches and its enqueue op; run() groups examples by length, pads each batch in Python and feeds it; the
trainer dequeues a fixed number of batches, then stops the feeder."""

import csv
import os
import threading

import numpy as np
import tensorflow.compat.v1 as tf

_batches_per_group = 4
_pad = 0


class DataFeeder(threading.Thread):
    """Feeds batches of data into a queue on a background thread."""

    def __init__(self, coordinator, metadata_filenames, hparams):
        super(DataFeeder, self).__init__()
        self._coord = coordinator
        self._hparams = hparams
        self._offset = 0
        self._metadata = []
        for name in metadata_filenames:
            with open(name) as f:
                self._metadata += [row for row in csv.reader(f)][1:]

        self._placeholders = [
            tf.placeholder(tf.int32, [None, None], 'inputs'),
            tf.placeholder(tf.int32, [None], 'input_lengths'),
            tf.placeholder(tf.float32, [None], 'targets'),
        ]
        queue = tf.FIFOQueue(8, [tf.int32, tf.int32, tf.float32], name='input_queue')
        self._enqueue_op = queue.enqueue(self._placeholders)
        self._queue = queue
        self.inputs, self.input_lengths, self.targets = queue.dequeue()
        self.inputs.set_shape(self._placeholders[0].shape)
        self.input_lengths.set_shape(self._placeholders[1].shape)
        self.targets.set_shape(self._placeholders[2].shape)

    def start_in_session(self, session):
        self._session = session
        self.start()

    def run(self):
        try:
            while not self._coord.should_stop():
                self._enqueue_next_group()
        except tf.errors.CancelledError:
            pass
        except Exception as e:
            self._coord.request_stop(e)

    def _enqueue_next_group(self):
        n = self._hparams['batch_size']
        examples = [self._get_next_example() for _ in range(n * _batches_per_group)]
        examples.sort(key=lambda x: (len(x[0]), x[1]))
        batches = [examples[i:i + n] for i in range(0, len(examples), n)]
        for batch in batches:
            feed_dict = dict(zip(self._placeholders, _prepare_batch(batch)))
            self._session.run(self._enqueue_op, feed_dict=feed_dict)

    def _get_next_example(self):
        if self._offset >= len(self._metadata):
            self._offset = 0
        meta = self._metadata[self._offset]
        self._offset += 1
        text = meta[0]
        seq = np.asarray([int(c) + 1 for c in text], dtype=np.int32)
        return seq, float(meta[1])


def _prepare_batch(batch):
    inputs = _prepare_inputs([x[0] for x in batch])
    input_lengths = np.asarray([len(x[0]) for x in batch], dtype=np.int32)
    targets = np.asarray([x[1] for x in batch], dtype=np.float32)
    return inputs, input_lengths, targets


def _prepare_inputs(inputs):
    max_len = max(len(x) for x in inputs)
    return np.stack([np.pad(x, (0, max_len - len(x)), mode='constant', constant_values=_pad) for x in inputs])


def main(data_dir):
    hparams = {'batch_size': 6}
    coord = tf.train.Coordinator()
    with tf.variable_scope('datafeeder'):
        feeder = DataFeeder(coord, [os.path.join(data_dir, 'table-%d.csv' % i) for i in (0, 1)], hparams)

    batches = []
    with tf.Session() as sess:
        sess.run(tf.global_variables_initializer())
        feeder.start_in_session(sess)
        for step in range(7):
            x, n, y = sess.run([feeder.inputs, feeder.input_lengths, feeder.targets])
            batches.append([x.tolist(), n.tolist(), y.tolist()])
        coord.request_stop()
        sess.run(feeder._queue.close(cancel_pending_enqueues=True))
        feeder.join(timeout=10)
    return {"batches": batches, "end": "steps"}
