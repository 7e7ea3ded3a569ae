"""k reader objects filling one common queue from a method of a gang object (slim's ParallelReader, renamed), its
object kept in a name by its caller."""
import tensorflow.compat.v1 as tf


class ReaderGang(object):
    """Reads the file queue through ``count`` readers into ``common``."""

    def __init__(self, reader_cls, common, count=2, reader_args=None):
        if len(common.dtypes) != 2:
            raise TypeError("common.dtypes must be two strings")
        reader_args = reader_args or {}
        self._members = [reader_cls(**reader_args) for _ in range(count)]
        self._common = common

    @property
    def common(self):
        return self._common

    def pull(self, file_queue, name=None):
        return self._wire(file_queue).dequeue(name=name)

    def _wire(self, file_queue):
        ops = []
        for member in self._members:
            ops.append(self._common.enqueue(member.read(file_queue)))
        tf.train.queue_runner.add_queue_runner(tf.train.queue_runner.QueueRunner(self._common, ops))
        return self._common

