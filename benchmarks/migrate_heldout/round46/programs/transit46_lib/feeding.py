import threading
import logging
import sys
from contextlib import contextmanager

import tensorflow as tf

from transit46_lib.dataflow import DataFlowTerminated


logger = logging.getLogger('DataFlowToQueue')


class DataFlowToQueue(threading.Thread):
    def __init__(self, ds, placeholders, queue_size=5):
        super(DataFlowToQueue, self).__init__()
        self.daemon = True

        self.ds = ds
        self.placeholders = placeholders
        self.queue = tf.queue.FIFOQueue(queue_size, [ph.dtype for ph in placeholders if ph is not None],
                                        shapes=[ph.get_shape() for ph in placeholders if ph is not None])
        self.op = self.queue.enqueue(placeholders)
        self.close_op = self.queue.close(cancel_pending_enqueues=True)
        self.done_op = self.queue.close()

        self._itr = None
        self._sess = None
        self._lock = threading.Lock()

    def set_session(self, sess):
        self._sess = sess

    @contextmanager
    def default_sess(self):
        if self._sess:
            with self._sess.as_default():
                yield
        else:
            logger.warning("DataFlowToQueue {} wasn't under a default session!".format(self.name))
            yield

    def run(self):
        with self.default_sess():
            try:
                self.reinitialize_dataflow()
                while True:
                    dp = next(self._itr)
                    feed = dict(zip(self.placeholders, dp))
                    self.op.run(feed_dict=feed)
            except (tf.errors.CancelledError, tf.errors.OutOfRangeError, DataFlowTerminated):
                pass
            except StopIteration:
                # the dataflow is done: close the queue so the reader sees the end
                self.done_op.run()
            except Exception:
                logger.exception("Exception in {}:".format(self.name))
                raise

    def reinitialize_dataflow(self):
        with self._lock:
            self.ds.reset_state()
            self._itr = self.ds.get_data()

    def dequeue(self):
        return self.queue.dequeue()
