import logging

import tensorflow as tf

from .concurrency import ShareSessionThread

tf1 = tf.compat.v1
logger = logging.getLogger(__name__)


class EnqueueThread(ShareSessionThread):
    def __init__(self, queue, ds, placehdrs):
        super(EnqueueThread, self).__init__()
        self.name = 'EnqueueThread ' + queue.name
        self.daemon = True
        self.dataflow = ds
        self.queue = queue
        self.placehdrs = placehdrs

        self.op = self.queue.enqueue(self.placehdrs)
        self.close_op = self.queue.close(cancel_pending_enqueues=True)
        self.finish_op = self.queue.close()
        self.size_op = self.queue.size()

    def run(self):
        with self.default_sess():
            try:
                self.dataflow.reset_state()
                for dp in self.dataflow.get_data():
                    feed = dict(zip(self.placehdrs, dp))
                    self.op.run(feed_dict=feed)
                self.finish_op.run()
            except (tf.errors.CancelledError, tf.errors.OutOfRangeError):
                pass
            except Exception:
                logger.exception('Exception in %s', self.name)
                self.close_op.run()


class QueueInput(object):
    """Enqueue datapoints from a DataFlow to a TF queue; the model reads from the queue."""

    def __init__(self, ds, queue=None):
        self.ds = ds
        self.queue = queue

    def setup(self, placehdrs):
        self._placehdrs = placehdrs
        if self.queue is None:
            self.queue = tf1.FIFOQueue(50, [x.dtype for x in self._placehdrs], name='input_queue')
        logger.info('Setting up the queue %s for CPU prefetching ...', self.queue.name)
        self.thread = EnqueueThread(self.queue, self.ds, self._placehdrs)

    def get_input_tensors(self):
        with tf.device('/cpu:0'):
            ret = self.queue.dequeue(name='input_deque')
            if isinstance(ret, tf.Tensor):
                ret = [ret]
            assert len(ret) == len(self._placehdrs)
            for qv, v in zip(ret, self._placehdrs):
                qv.set_shape(v.get_shape())
            return ret

    def start(self):
        self.thread.start()
