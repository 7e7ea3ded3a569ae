"""A DataQueue class over an OrderedDict of placeholders: its dtypes and shapes are names bound a line above the
queue to comprehensions over a list view of the dict, kept on ``self``; the program makes the feeding thread
on the instance's ``thread_main`` with an iterator in its args; the feeder closes the queue in ``finally``;
``dequeue_many(4)`` inside ``dict(zip(...))``. 13 rows: the last one is never delivered (legacy's
dequeue_many fails on a closed queue holding fewer than 4)."""
import collections
import os
import threading

import numpy as np
import tensorflow.compat.v1 as tf


class DataQueue(object):

    def __init__(self, placeholder_dict, capacity=20):
        self.names = list(placeholder_dict.keys())
        placeholders = list(placeholder_dict.values())
        shapes = [p.get_shape()[1:].as_list() for p in placeholders]
        dtypes = [p.dtype for p in placeholders]
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


def chunks(features, counts, size):
    for start in range(0, len(counts), size):
        yield features[start:start + size], counts[start:start + size]


def main(data_dir):
    os.makedirs(os.path.join(data_dir, 'r38f_outside'), exist_ok=True)
    features = np.arange(39, dtype=np.float32).reshape(13, 3)
    counts = np.arange(13, dtype=np.int32) * 7
    placeholders = collections.OrderedDict([
        ("features", tf.placeholder(tf.float32, [None, 3])),
        ("count", tf.placeholder(tf.int32, [None])),
    ])
    data_queue = DataQueue(placeholders)
    batch = data_queue.dequeue(4)
    total = tf.reduce_sum(batch["features"], axis=1)
    batches = []
    sess = tf.Session()
    coord = tf.train.Coordinator()
    t = threading.Thread(target=data_queue.thread_main, args=(sess, coord, chunks(features, counts, 5)))
    t.daemon = True
    t.start()
    try:
        while not coord.should_stop():
            b, s = sess.run([batch, total])
            batches.append([b["features"].tolist(), b["count"].tolist(), s.tolist()])
    except tf.errors.OutOfRangeError:
        end = "OutOfRangeError"
    coord.request_stop()
    coord.join([t])
    sess.close()
    return {"batches": batches, "end": end}
