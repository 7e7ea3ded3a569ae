"""input_source.py in the shape of an unnamed tensorpack-derived excerpt: `import logging as logger`,
`from .concurrency import ShareSessionThread`, the "TODO enqueu_many?" comment, `class
EnqueueThread(ShareSessionThread)` with `__init__(self, queue, ds, input_placehdrs)` making `self.op`,
`self.close_op = self.queue.close(cancel_pending_enqueues=True)`, `self.size_op`. Its `run` and the `QueueInput`
class follow tensorpack's public `QueueInput` (from knowledge)."""
import logging as logger

import tensorflow.compat.v1 as tf

from .concurrency import ShareSessionThread


# TODO enqueu_many? https://github.com/tensorflow/tensorflow/issues/7817#issuecomment-282053155
class EnqueueThread(ShareSessionThread):
    def __init__(self, queue, ds, input_placehdrs):
        super(EnqueueThread, self).__init__()
        self.name = 'EnqueueThread'
        self.daemon = True

        self.dataflow = ds
        self.queue = queue

        self.placehdrs = input_placehdrs

        self.op = self.queue.enqueue(self.placehdrs)
        self.close_op = self.queue.close(cancel_pending_enqueues=True)
        self.size_op = self.queue.size()

    def run(self):
        with self.default_sess():
            try:
                for dp in self.dataflow.get_data():
                    feed = dict(zip(self.placehdrs, dp))
                    self.op.run(feed_dict=feed)
            except (tf.errors.CancelledError, tf.errors.OutOfRangeError):
                pass
            except Exception:
                logger.exception("Exception in EnqueueThread:")
            finally:
                try:
                    self.close_op.run()
                except Exception:
                    pass
                logger.info("EnqueueThread Exited.")


class QueueInput(object):
    """ Enqueue datapoints from a DataFlow to a TF queue.
        And the model receives dequeued tensors.
    """
    def __init__(self, ds, queue=None):
        self.ds = ds
        self.queue = queue

    def setup(self, input_placehdrs):
        self.input_placehdrs = input_placehdrs
        if self.queue is None:
            self.queue = tf.FIFOQueue(
                50, [x.dtype for x in self.input_placehdrs], name='input_queue')
        self.thread = EnqueueThread(self.queue, self.ds, self.input_placehdrs)

    def get_input_tensors(self):
        with tf.device('/cpu:0'):
            ret = self.queue.dequeue(name='input_deque')
            if isinstance(ret, tf.Tensor):  # only one input
                ret = [ret]
            assert len(ret) == len(self.input_placehdrs)
            for qv, v in zip(ret, self.input_placehdrs):
                qv.set_shape(v.get_shape())
            return ret
