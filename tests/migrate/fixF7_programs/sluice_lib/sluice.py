"""A slim-like read of its own: a gate object whose ``__init__`` makes k readers and keeps a common queue, a method
filling the queue (one enqueue op a reader, one runner) and dequeuing it; ``sluice_read`` opens the files, makes the
common queue (dtypes and reader keywords default to ``None``) and reads the gate at once."""
import tensorflow.compat.v1 as tf


class Gate(object):

    def __init__(self, make_reader, queue, k=2, options=None):
        options = options or {}
        self._all = [make_reader(**options) for _ in range(k)]
        self._queue = queue

    def pull(self, files_queue):
        ops = [self._queue.enqueue(r.read(files_queue)) for r in self._all]
        tf.train.add_queue_runner(tf.train.QueueRunner(self._queue, ops))
        return self._queue.dequeue()


def sluice_read(pattern, make_reader, epochs=None, k=2, options=None, kinds=None, cap=32, label=None):
    names = sorted(tf.gfile.Glob(pattern))
    with tf.name_scope(label, "sluice"):
        files_queue = tf.train.string_input_producer(names, num_epochs=epochs, shuffle=False)
        kinds = kinds or [tf.string, tf.string]
        queue = tf.FIFOQueue(cap, dtypes=kinds)
        return Gate(make_reader, queue, k=k, options=options).pull(files_queue)

