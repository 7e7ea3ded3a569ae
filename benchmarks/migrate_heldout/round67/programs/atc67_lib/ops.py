from __future__ import print_function

import os
import threading
import wave
import struct
from functools import wraps

import numpy as np
import tensorflow as tf

tf1 = tf.compat.v1

# index to byte mapping
index2byte = ['<EMP>', ' ', 'a', 'b', 'c', 'd', 'e', 'f', 'g',
              'h', 'i', 'j', 'k', 'l', 'm', 'n', 'o', 'p', 'q',
              'r', 's', 't', 'u', 'v', 'w', 'x', 'y', 'z', "'"]

# byte to index mapping
byte2index = {}
for i, ch in enumerate(index2byte):
    byte2index[ch] = i


def str2index(str_):
    # clean white space
    str_ = ' '.join(str_.split())
    # remove punctuation and make lower case
    str_ = str_.lower()
    res = []
    for ch in str_:
        try:
            res.append(byte2index[ch])
        except KeyError:
            # drop OOV
            pass
    return res


class SpeechLoader(object):
    '''
        Loads every wave file of data_path with its transcript (same name, .txt) and
        computes the frame features: mel_freq[i] is [time, num_features], target_label[i] the
        indexed transcript.
    '''
    def __init__(self, data_path, num_features, num_labels):
        self.num_features = num_features
        self.num_labels = num_labels
        self.mel_freq = []
        self.target_label = []
        for name in sorted(os.listdir(data_path)):
            if not name.endswith('.wav'):
                continue
            with wave.open(os.path.join(data_path, name), 'rb') as w:
                raw = w.readframes(w.getnframes())
            sig = np.array(struct.unpack('<%dh' % (len(raw) // 2), raw), np.float32) / 32768.
            with open(os.path.join(data_path, name[:-4] + '.txt')) as f:
                text = f.read().strip()
            self.mel_freq.append(self._features(sig))
            self.target_label.append(np.asarray(str2index(text), dtype=np.int32))

    def _features(self, sig, hop=8):
        # (librosa.feature.mfcc + deltas in the original) log energies of num_features bands per frame
        n = len(sig) // hop
        spec = np.abs(np.fft.rfft(sig[:n * hop].reshape(n, hop), axis=1))
        bands = np.array_split(spec, self.num_features, axis=1)
        return np.round(np.log(np.stack([b.sum(axis=1) for b in bands], axis=1) + 1.0), 3).astype(np.float32)


class _FuncQueueRunner(tf1.train.QueueRunner):

    def __init__(self, func, queue=None, enqueue_ops=None, close_op=None,
                 cancel_op=None, queue_closed_exception_types=None,
                 queue_runner_def=None):
        # save ad-hoc function
        self.func = func
        # call super()
        super(_FuncQueueRunner, self).__init__(queue, enqueue_ops, close_op, cancel_op,
                                               queue_closed_exception_types, queue_runner_def)

    def _run(self, sess, enqueue_op, coord=None):

        if coord:
            coord.register_thread(threading.current_thread())
        decremented = False
        try:
            while True:
                if coord and coord.should_stop():
                    break
                try:
                    self.func(sess, enqueue_op)  # call enqueue function
                except self._queue_closed_exception_types:  # pylint: disable=catching-non-exception
                    # This exception indicates that a queue was closed.
                    with self._lock:
                        self._runs_per_session[sess] -= 1
                        decremented = True
                        if self._runs_per_session[sess] == 0:
                            try:
                                sess.run(self._close_op)
                            except Exception:
                                pass
                        return
        except Exception as e:
            # This catches all other exceptions.
            if coord:
                coord.request_stop(e)
            else:
                with self._lock:
                    self._exceptions_raised.append(e)
                raise
        finally:
            # Make sure we account for all terminations: normal or errors.
            if not decremented:
                with self._lock:
                    self._runs_per_session[sess] -= 1


def producer_func(func):
    r"""Decorates a function `func` as producer_func.

    Args:
      func: A function to decorate. It takes the list of values dequeued from `source`
        and returns the list of values to enqueue.
    Returns:
      A decorated function: called with keywords `source` (a list of tensors dequeued from a
      producer), `dtypes`, `out_dtypes`, `capacity`, `num_threads`, it returns the dequeued
      outputs of a FIFOQueue filled by a custom queue runner.
    """
    @wraps(func)
    def wrapper(**kwargs):

        opt = dict(dtypes=[tf.float32], capacity=32, num_threads=1, out_dtypes=None)
        opt.update(kwargs)

        # source queue list check
        assert opt.get('source') is not None, 'source is mandatory.'
        if type(opt['source']) is not list and type(opt['source']) is not tuple:
            opt['source'] = [opt['source']]
        if type(opt['dtypes']) is not list and type(opt['dtypes']) is not tuple:
            opt['dtypes'] = [opt['dtypes']]

        # default out_dtypes
        if opt['out_dtypes'] is None:
            opt['out_dtypes'] = opt['dtypes']
        if type(opt['out_dtypes']) is not list and type(opt['out_dtypes']) is not tuple:
            opt['out_dtypes'] = [opt['out_dtypes']]

        # enqueue function
        def enqueue_func(sess, op):
            # read data from source queue
            data = func(sess.run(opt['source']))
            # create feeder dict
            feed_dict = {}
            for ph, col in zip(placeholders, data):
                feed_dict[ph] = col
            # run session
            sess.run(op, feed_dict=feed_dict)

        # create place holder list
        placeholders = []
        for dtype in opt['dtypes']:
            placeholders.append(tf1.placeholder(dtype=dtype))

        # create FIFO queue
        queue = tf1.FIFOQueue(opt['capacity'], dtypes=opt['out_dtypes'])

        # enqueue operation
        enqueue_op = queue.enqueue(placeholders)

        # create queue runner
        runner = _FuncQueueRunner(enqueue_func, queue, [enqueue_op] * opt['num_threads'])

        # register to global collection
        tf1.train.add_queue_runner(runner)

        # return de-queue operation
        return queue.dequeue()

    return wrapper
