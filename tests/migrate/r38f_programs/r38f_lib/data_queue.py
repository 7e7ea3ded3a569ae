"""A DataQueue over an OrderedDict of placeholders (its dtypes and shapes named a line above the queue, a list
view kept on ``self``); ``thread_main`` feeds enqueue_many chunks under a Coordinator and closes the queue."""
import collections

import tensorflow.compat.v1 as tf


class DataQueue(object):

    def __init__(self, placeholder_dict, capacity=20):
        assert isinstance(placeholder_dict, collections.OrderedDict)
        self.names = list(placeholder_dict.keys())
        placeholders = list(placeholder_dict.values())
        shapes = [placeholder.get_shape()[1:].as_list() for placeholder in placeholders]
        dtypes = [placeholder.dtype for placeholder in placeholders]
        self.placeholders = placeholders
        self.queue = tf.FIFOQueue(capacity=capacity, dtypes=dtypes, shapes=shapes)
        self.enqueue_op = self.queue.enqueue_many(placeholders)
        self.close_op = self.queue.close()

    def thread_main(self, sess, coord, data_iterator):
        try:
            for data in data_iterator:
                if coord.should_stop():
                    break
                sess.run(self.enqueue_op, feed_dict=dict(zip(self.placeholders, data)))
        except Exception as exc:  # pylint: disable=broad-except
            coord.request_stop(exc)
        finally:
            sess.run(self.close_op)

    def dequeue(self, batch_size):
        return dict(zip(self.names, self.queue.dequeue_many(batch_size)))
