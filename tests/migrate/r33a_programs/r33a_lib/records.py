"""A TFRecord reader class (its queue made in `__init__`, read by `next_record`), and a batching method of
another class that makes the object: a FIFOQueue with shapes, its enqueue written inside the QueueRunner,
`dequeue_many(2)` a step."""
from tensorflow.compat.v1 import io, train
import tensorflow.compat.v1 as tf


class RecordSource:
    def __init__(self, paths, epochs):
        self._files = train.string_input_producer(paths, num_epochs=epochs, shuffle=False)

    def next_record(self):
        key, serialized = tf.TFRecordReader().read(self._files)
        parsed = io.parse_single_example(serialized, {"x": io.FixedLenFeature([], tf.int64),
                                                      "name": io.FixedLenFeature([], tf.string)})
        return parsed["x"] * 10, parsed["name"]


class Feeder(object):
    def __init__(self, paths):
        self.paths = paths

    def one_at_a_time(self):
        source = RecordSource(self.paths, epochs=2)
        q = tf.FIFOQueue(8, [tf.int64, tf.string], shapes=[[], []])
        train.add_queue_runner(train.QueueRunner(q, [q.enqueue(source.next_record())]))
        return q.dequeue_many(2)
