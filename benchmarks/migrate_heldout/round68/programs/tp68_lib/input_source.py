#!/usr/bin/env python
# -*- coding: utf-8 -*-
# File: input_source.py

import threading
from collections import namedtuple

import six
import tensorflow.compat.v1 as tf

from .dataflow import DataFlow

__all__ = ['InputDesc', 'InputSource', 'FeedfreeInput', 'BatchQueueInput', 'EnqueueThread']


class InputDesc(namedtuple('InputDescTuple', ['type', 'shape', 'name'])):
    """ Metadata about an input entry point to the graph. """

    def build_placeholder(self, prefix=''):
        return tf.placeholder(self.type, shape=self.shape, name=prefix + self.name)


class InputSource(object):
    """ Base class for the abstract InputSource. """

    def get_input_tensors(self):
        """
        Returns:
            list: A list of tensors corresponding to the inputs of the model,
                used as input of :func:`build_graph`.
        """
        return self._get_input_tensors()

    def setup(self, inputs_desc):
        self._setup(inputs_desc)

    def _setup(self, inputs_desc):
        pass

    def size(self):
        raise NotImplementedError()


class FeedfreeInput(InputSource):
    """ Abstract base for input without feed,
    e.g. by queue or other operations. """

    def reset_state(self):
        pass


class EnqueueThread(threading.Thread):
    def __init__(self, queue, ds, placehdrs):
        super(EnqueueThread, self).__init__()
        self.name = 'EnqueueThread ' + queue.name
        self.daemon = True
        self.dataflow = ds
        self.queue = queue
        self.placehdrs = placehdrs

        self.op = self.queue.enqueue(self.placehdrs)
        self.close_op = self.queue.close(cancel_pending_enqueues=True)
        self._sess = None

    def set_session(self, sess):
        self._sess = sess

    def run(self):
        with self._sess.as_default():
            try:
                self.dataflow.reset_state()
                for dp in self.dataflow.get_data():
                    feed = dict(zip(self.placehdrs, dp))
                    self.op.run(feed_dict=feed)
            except (tf.errors.CancelledError, tf.errors.OutOfRangeError):
                pass
            except Exception:
                pass
            finally:
                # tensorpack loops over RepeatedData forever; here the
                # dataflow is finite, so the queue is closed when it is done.
                try:
                    self.close_op.run()
                except Exception:
                    pass


class BatchQueueInput(FeedfreeInput):
    """ Enqueue datapoints from a DataFlow to a TF queue.
        And the model receives batches formed by concatenating
        dequeued tensors.
    """

    def __init__(self, ds, batch_size, queue=None):
        assert isinstance(ds, DataFlow), ds
        self.ds = ds
        self.batch_size = int(batch_size)
        self.queue = queue

    def size(self):
        return self.ds.size() // self.batch_size

    def _setup(self, inputs_desc):
        self.input_placehdrs = [v.build_placeholder() for v in inputs_desc]
        assert len(self.input_placehdrs) > 0, \
            "BatchQueueInput has to be used with some InputDesc!"

        # prepare placeholders without the first dimension
        placehdrs_nobatch = []
        for p in self.input_placehdrs:
            placehdrs_nobatch.append(tf.placeholder(
                dtype=p.dtype, shape=p.get_shape().as_list()[1:],
                name=p.name.split(':')[0] + '-nobatch'))

        # dequeue_many requires fully-defined shapes
        shape_err = "Use of BatchQueueInput requires inputs to have fully-defined "
        "shapes except for the batch dimension"
        shapes = []
        for p in placehdrs_nobatch:
            assert p.get_shape().is_fully_defined(), shape_err
            shapes.append(p.get_shape())

        with tf.name_scope('BatchQueueInput'):
            if self.queue is None:
                self.queue = tf.FIFOQueue(
                    3000, [x.dtype for x in self.input_placehdrs],
                    shapes=shapes,
                    name='input_queue')
            for shp in self.queue.shapes:
                assert shp.is_fully_defined(), shape_err

            self.thread = EnqueueThread(self.queue, self.ds, placehdrs_nobatch)

    def _get_input_tensors(self):
        with tf.device('/cpu:0'):
            ret = self.queue.dequeue_many(self.batch_size, name='input_deque')
            if isinstance(ret, tf.Tensor):  # only one input
                ret = [ret]
            assert len(ret) == len(self.input_placehdrs)
            for qv, v in zip(ret, self.input_placehdrs):
                shp = v.get_shape().as_list()
                shp[0] = self.batch_size
                qv.set_shape(shp)
            return ret

    def start(self, sess):
        """ the StartProcOrThread callback of the original """
        self.thread.set_session(sess)
        self.thread.start()
