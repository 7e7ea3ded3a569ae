"""A slim-like parallel read written apart: the file list expanded from patterns, a shuffled or FIFO common queue
whose dtypes default to two strings, a summary of its fill, and a puller object whose method makes the readers'
enqueue ops and their runner. A single-pass read beside it stays as it is."""
import tensorflow.compat.v1 as tf


class Puller(object):

    def __init__(self, reader_class, common_queue, num_readers=4, reader_kwargs=None):
        if len(common_queue.dtypes) != 2:
            raise TypeError("common_queue.dtypes must be [tf.string, tf.string]")
        for dtype in common_queue.dtypes:
            if not dtype.is_compatible_with(tf.string):
                raise TypeError("common_queue.dtypes must be [tf.string, tf.string]")
        reader_kwargs = reader_kwargs or {}
        self._readers = [reader_class(**reader_kwargs) for _ in range(num_readers)]
        self._common_queue = common_queue

    def read(self, queue, name=None):
        return self._fill(queue).dequeue(name=name)

    def _fill(self, queue):
        enqueue_ops = []
        for reader in self._readers:
            enqueue_ops.append(self._common_queue.enqueue(reader.read(queue)))
        tf.train.queue_runner.add_queue_runner(tf.train.queue_runner.QueueRunner(self._common_queue, enqueue_ops))
        return self._common_queue


def list_files(sources):
    if isinstance(sources, (list, tuple)):
        found = []
        for source in sources:
            found += list_files(source)
        return found
    if "*" in sources:
        return sorted(tf.gfile.Glob(sources))
    return [sources]


def pull_read(sources, reader_class, num_epochs=None, num_readers=4, reader_kwargs=None, shuffle=True, dtypes=None,
              capacity=64, min_after_dequeue=8, seed=None, scope=None):
    files = list_files(sources)
    with tf.name_scope(scope, "pull_read"):
        filename_queue = tf.train.string_input_producer(files, num_epochs=num_epochs, shuffle=shuffle, seed=seed)
        dtypes = dtypes or [tf.string, tf.string]
        if shuffle:
            common_queue = tf.RandomShuffleQueue(capacity=capacity, min_after_dequeue=min_after_dequeue,
                                                 dtypes=dtypes, seed=seed)
        else:
            common_queue = tf.FIFOQueue(capacity=capacity, dtypes=dtypes)
        tf.summary.scalar("fill", tf.to_float(common_queue.size()) * (1. / capacity))
        return Puller(reader_class, common_queue, num_readers=num_readers,
                      reader_kwargs=reader_kwargs).read(filename_queue)


def single_pass(sources, reader_class, reader_kwargs=None):
    files = list_files(sources)
    filename_queue = tf.train.string_input_producer(files, num_epochs=1, shuffle=False, capacity=1)
    reader_kwargs = reader_kwargs or {}
    return reader_class(**reader_kwargs).read(filename_queue)
